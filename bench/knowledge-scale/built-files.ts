// The built index of the benchmark's documents; imported through importBundled (core from source).
import { buildKnowledgeIndex } from '@agent-chat/core';

/** `agent-chat knowledge build` of the given Markdown pages, in memory: path → bytes. */
export async function builtFiles(
  documents: readonly { path: string; markdown: string }[],
): Promise<Map<string, Uint8Array>> {
  return (await buildKnowledgeIndex(documents.map((d) => ({ source: `/${d.path}`, content: d.markdown }))))
    .files;
}
