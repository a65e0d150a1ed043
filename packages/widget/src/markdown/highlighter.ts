// The code highlighter, a lazy chunk with @speed-highlight/core's grammars (each language a chunk of its own,
// loaded with its first block): highlight.ts loads it when an answer opens a fence that names a language, or a
// stage shows Python.
import type { ShjLanguage } from '@speed-highlight/core';
import { tokenizeCode } from './code-tokenizer.js';

/** Fence names (as models write them) → the highlighter's languages. */
const LANGUAGES: Record<string, ShjLanguage> = {
  js: 'js',
  javascript: 'js',
  jsx: 'js',
  mjs: 'js',
  ts: 'ts',
  typescript: 'ts',
  tsx: 'ts',
  py: 'py',
  python: 'py',
  sh: 'bash',
  bash: 'bash',
  shell: 'bash',
  zsh: 'bash',
  json: 'json',
  html: 'html',
  xml: 'xml',
  svg: 'xml',
  css: 'css',
  sql: 'sql',
  go: 'go',
  rs: 'rs',
  rust: 'rs',
  java: 'java',
  c: 'c',
  cpp: 'c',
  'c++': 'c',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  diff: 'diff',
  md: 'md',
  markdown: 'md',
  lua: 'lua',
  docker: 'docker',
  dockerfile: 'docker',
  ini: 'ini',
  http: 'http',
  make: 'make',
  makefile: 'make',
  perl: 'pl',
  csv: 'csv',
};

/** The highlighter's language for a code fence's info string, or undefined when it has none for it. */
export function highlightLanguage(info: string | undefined): ShjLanguage | undefined {
  const name = info?.trim().split(/\s+/)[0]?.toLowerCase();
  return name ? LANGUAGES[name] : undefined;
}

/** Characters highlighted per task: about 10 ms of work on a slow core. */
const SLICE = 2_000;

/**
 * Highlights code as text nodes and `<span class="shj-syn-…">` elements (built from the highlighter's
 * tokens, never from markup, so hostile code stays text). Long
 * code is done a slice of lines per task with the main thread free in between: a 200-line block in one go
 * takes 50 ms and more (a long task). A construct spanning a slice border (a block comment, a template
 * string) may lose its colour there; the text is always exact.
 */
export async function highlightCode(code: string, language: ShjLanguage): Promise<DocumentFragment> {
  const nodes = document.createDocumentFragment();
  for (const [index, slice] of codeSlices(code, SLICE).entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    await tokenizeCode(slice, language, (text, type) => {
      if (!text) return;
      if (!type) return void nodes.append(text);
      const span = document.createElement('span');
      span.className = `shj-syn-${type}`;
      span.textContent = text;
      nodes.append(span);
    });
  }
  return nodes;
}

/**
 * Cuts code into slices of about `size` characters at line ends, at a blank line when one is near
 * (a blank line rarely falls inside a comment or string). Joined, the slices are the code.
 */
export function codeSlices(code: string, size: number): string[] {
  const slices: string[] = [];
  let start = 0;
  while (code.length - start > size) {
    const blank = code.lastIndexOf('\n\n', start + size);
    const line = code.lastIndexOf('\n', start + size);
    const end = blank > start + size / 2 ? blank + 2 : line > start ? line + 1 : start + size;
    slices.push(code.slice(start, end));
    start = end;
  }
  slices.push(code.slice(start));
  return slices;
}
