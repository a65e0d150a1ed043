import { describe, expect, it } from 'vitest';
import { AgentChatError, MissingDependencyError } from './errors.js';
import { requireExport } from './missing-dependency.js';
import { pdfToText } from './rag/readers/pdf-to-text.js';

describe('MissingDependencyError', () => {
  it('names the package, the feature and the install command', () => {
    const error = new MissingDependencyError('@mlc-ai/web-llm', 'webLLM()', new Error('Cannot find module'));
    expect(error).toBeInstanceOf(AgentChatError);
    expect(error).toMatchObject({
      name: 'MissingDependencyError',
      code: 'missing_dependency',
      packageName: '@mlc-ai/web-llm',
      installCommand: 'npm i @mlc-ai/web-llm',
      isRetryable: false,
    });
    expect(error.message).toMatch(/^webLLM\(\) needs the optional package "@mlc-ai\/web-llm"/);
    expect(error.message).toContain('(Cannot find module)');
    expect(error.message).toContain('npm i @mlc-ai/web-llm');
  });

  it('is thrown for a module without the expected export (what Vite gives for an absent optional peer)', () => {
    expect(() => requireExport({}, 'getDocument', 'pdfjs-dist', 'Reading PDFs')).toThrow(
      MissingDependencyError,
    );
    const module = { getDocument: () => {} };
    expect(requireExport(module, 'getDocument', 'pdfjs-dist', 'Reading PDFs')).toBe(module);
  });

  it('is what reading a PDF throws when pdfjs-dist cannot be loaded', async () => {
    const failed = await pdfToText(new Uint8Array(8), {
      load: () => Promise.reject(new Error("Cannot find module 'pdfjs-dist'")),
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(MissingDependencyError);
    expect(failed).toMatchObject({ packageName: 'pdfjs-dist', installCommand: 'npm i pdfjs-dist' });
    const empty = await pdfToText(new Uint8Array(8), { load: async () => ({}) as never }).catch(
      (e: unknown) => e,
    );
    expect(empty).toBeInstanceOf(MissingDependencyError);
  });
});
