import { type DualTrackMemory, type DualTrackOptions, dualTrackMemoryWith } from './dual-track.js';
import { historyCompaction } from './history-compaction.js';

export type { AssembledContext, AssembleOverrides, DualTrackMemory, DualTrackOptions } from './dual-track.js';

/**
 * Creates the dual-track memory.
 *
 * @example
 * const memory = dualTrackMemory({ summarizer: openAICompatible({ baseURL, model: 'gpt-4o-mini' }) });
 */
export function dualTrackMemory(options: DualTrackOptions = {}): DualTrackMemory {
  return dualTrackMemoryWith(options, historyCompaction);
}
