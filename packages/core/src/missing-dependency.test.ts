import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentChatError } from './errors.js';
import { requireExport } from './missing-dependency.js';
import { MissingDependencyError } from './missing-dependency-error.js';
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

  describe('voyIndex() without voy-search', () => {
    afterEach(() => {
      vi.doUnmock('voy-search/voy_search_bg.js');
      vi.resetModules();
    });

    // A fresh copy of the module: voyIndex keeps its first successful load for the page.
    async function voyWithoutPackage() {
      vi.resetModules();
      vi.doMock('voy-search/voy_search_bg.js', () => {
        throw new Error("Cannot find module 'voy-search/voy_search_bg.js'");
      });
      const [{ voyIndex }, errors] = await Promise.all([
        import('./rag/voy-index.js'),
        import('./missing-dependency-error.js'),
      ]);
      const index = voyIndex({ dimensions: 3, wasm: async () => new Uint8Array(8) });
      const failed = await index
        .add([{ id: 'a', vector: new Float32Array([1, 0, 0]) }])
        .catch((e: unknown) => e);
      return { failed, MissingDependency: errors.MissingDependencyError };
    }

    it('is what the first use throws when the package is not installed', async () => {
      const { failed, MissingDependency } = await voyWithoutPackage();
      expect(failed).toBeInstanceOf(MissingDependency);
      expect(failed).toMatchObject({
        code: 'missing_dependency',
        packageName: 'voy-search',
        installCommand: 'npm i voy-search',
      });
      expect((failed as Error).message).toMatch(/^voyIndex\(\) needs the optional package "voy-search"/);
    });
  });
});
