import type { ShjLanguage } from '@speed-highlight/core';

type Highlighter = typeof import('./highlighter.js');

let loading: Promise<Highlighter> | undefined;

function loadHighlighter(): Promise<Highlighter> {
  loading ??= import('./highlighter.js').catch((error: unknown) => {
    // The block stays plain; the next one tries again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Code longer than this stays plain: highlighting it is fine in slices, but putting that many spans
 * into the page and laying them out is one task of 20 ms per 25 kB on a desktop core, more on a phone.
 */
export const MAX_HIGHLIGHTED_CHARS = 24_000;

/**
 * Highlights code for a fence's info string (`ts`, `python`, …) with the lazy highlighter chunk: text nodes
 * and spans, and the highlighter's name of the language; undefined when it knows no such language.
 */
export async function highlightCode(
  code: string,
  info: string,
): Promise<{ nodes: DocumentFragment; language: ShjLanguage } | undefined> {
  const highlighter = await loadHighlighter();
  const language = highlighter.highlightLanguage(info);
  return language ? { nodes: await highlighter.highlightCode(code, language), language } : undefined;
}

/** Starts loading the highlighter chunk (no-op once loaded), so the first code block does not wait for it. */
export function preloadHighlighter(): void {
  loadHighlighter().catch(() => {});
}
