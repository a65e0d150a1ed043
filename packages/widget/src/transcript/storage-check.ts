import type { AgentEvent } from '@agent-chat/core';
import { type AgentChatStrings, format } from '../i18n/strings.js';
import { formatBytes } from '../shared/format-bytes.js';
import type { ModelLoadState } from './model-view.js';

/**
 * Before a local model's download, checks the origin's storage quota once per model load and puts a
 * warning in its state when the download cannot fit. Resolves with whether a warning was set.
 */
export async function checkModelStorage(
  states: Map<string, ModelLoadState>,
  event: AgentEvent & { type: 'model.loading' },
  strings: AgentChatStrings,
): Promise<boolean> {
  const id = `${event.runId}:model:${event.model}`;
  const state = states.get(id) ?? { cancelled: false };
  if (state.storageWarning !== undefined || !navigator.storage?.estimate) return false;
  state.storageWarning = '';
  states.set(id, state);
  const { quota = Infinity, usage = 0 } = await navigator.storage.estimate();
  const needed = (event.totalBytes ?? 0) - (event.loadedBytes ?? 0);
  if (quota - usage >= needed) return false;
  state.storageWarning = format(strings.storageLow, {
    model: event.model,
    needed: formatBytes(needed),
    free: formatBytes(Math.max(0, quota - usage)),
  });
  return true;
}
