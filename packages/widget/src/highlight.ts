import type { ShjLanguage } from '@speed-highlight/core';

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

/**
 * Highlights code as `<span class="shj-syn-…">` markup (text escaped). The highlighter
 * (@speed-highlight/core, all languages, about 8 kB gzipped) is its own chunk, loaded with the first
 * finished code block that names a language.
 */
export async function highlightCode(code: string, language: ShjLanguage): Promise<string> {
  const { highlightText } = await import('@speed-highlight/core');
  return highlightText(code, language, false);
}

/** Starts loading the highlighter chunk (no-op once loaded), so the first code block does not wait for it. */
export function preloadHighlighter(): void {
  import('@speed-highlight/core').catch(() => {
    // highlightCode tries again and leaves the block plain if it still cannot load.
  });
}
