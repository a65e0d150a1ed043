import type { Embedder, TransformersEmbedderOptions } from '@agent-chat/core';

/** The values the `embedder` attribute takes. */
export const EMBEDDERS = ['transformers'] as const;

/**
 * The embedding model the `embedder` attribute names, for vectors beside the keyword index (hybrid search).
 * Loaded lazily; none (keyword search) when the attribute is absent, and none with a console warning naming
 * the valid values when it holds an unknown one.
 */
export async function loadEmbedder(
  name: string | undefined,
  options: TransformersEmbedderOptions | undefined,
): Promise<Embedder | undefined> {
  const value = name?.trim();
  if (!value) return undefined;
  if (!(EMBEDDERS as readonly string[]).includes(value)) {
    console.warn(
      `<agent-chat>: unknown embedder "${value}"; valid values: ${EMBEDDERS.map((e) => `"${e}"`).join(', ')}. The knowledge base searches by keywords only.`,
    );
    return undefined;
  }
  try {
    const { transformersEmbedder } = await import('./embedder-chunk.js');
    return transformersEmbedder(options);
  } catch (error) {
    // The chunk could not load (offline, a blocked file): keyword search still works.
    console.warn('<agent-chat>: the embedder could not be loaded; searching by keywords only.', error);
    return undefined;
  }
}
