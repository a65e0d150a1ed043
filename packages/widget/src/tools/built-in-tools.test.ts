import { ConfigurationError, type Tool } from '@agent-chat/core';
import { describe, expect, it, vi } from 'vitest';
import { type BuiltInToolSettings, BuiltInTools } from './built-in-tools.js';

const settings: BuiltInToolSettings = {
  proxyUrl: 'https://proxy.example/',
  codeInterpreter: true,
  pyodideUrl: '/pyodide/',
  pyodidePackagesUrl: undefined,
  imageModel: undefined,
};

function python(tools: readonly Tool[]): Tool & { reset(): void } {
  const tool = tools.find((t) => t.name === 'python');
  if (!tool) throw new Error('no python tool');
  return tool as Tool & { reset(): void };
}

describe('BuiltInTools: the interpreter an element configured by attributes gets', () => {
  it('keeps one interpreter through a conversation and gives the next conversation a fresh one', () => {
    const builtIns = new BuiltInTools(() => []);
    const first = builtIns.tools(settings, 'conversation-a');
    const interpreter = python(first);
    const reset = vi.spyOn(interpreter, 'reset');

    // More messages in the same conversation: the same tools, the interpreter (and its state) kept.
    expect(builtIns.tools(settings, 'conversation-a')).toBe(first);
    expect(reset).not.toHaveBeenCalled();

    // Another conversation: the same tool, but its Python session is ended, so the next call starts fresh.
    expect(builtIns.tools(settings, 'conversation-b')).toBe(first);
    expect(reset).toHaveBeenCalledTimes(1);
    builtIns.tools(settings, 'conversation-b');
    expect(reset).toHaveBeenCalledTimes(1);

    // Changed attributes build a new interpreter and end the old one.
    const changed = builtIns.tools({ ...settings, imageModel: 'gpt-image-1-mini' }, 'conversation-b');
    expect(python(changed)).not.toBe(interpreter);
    expect(reset).toHaveBeenCalledTimes(2);
    expect(changed.map((t) => t.name)).toEqual(['python', 'generate_image']);
  });

  it('takes pyodide-packages-url: "none" for the standard library only; the page’s own origin is refused', () => {
    const builtIns = new BuiltInTools(() => []);
    expect(python(builtIns.tools(settings, 'c')).description).toContain(
      'Packages of the Pyodide distribution',
    );
    expect(python(builtIns.tools({ ...settings, pyodidePackagesUrl: 'none' }, 'c')).description).toContain(
      'Only the standard library is available.',
    );
    expect(() => builtIns.tools({ ...settings, pyodidePackagesUrl: '/packages/' }, 'c')).toThrow(
      ConfigurationError,
    );
    expect(() =>
      builtIns.tools({ ...settings, pyodidePackagesUrl: 'https://packages.example.net/' }, 'c'),
    ).not.toThrow();
  });
});
