import type { ModelLoadingProgress } from '../chat-model.js';

/** web-llm's progress report (`InitProgressReport`). */
export interface WebLLMProgressReport {
  progress: number;
  timeElapsed: number;
  text: string;
}

/**
 * Reads a web-llm progress report: "Fetching param cache[i/n]: 120MB fetched. 40% completed…" is the
 * download; "Loading model from cache…" and "Loading GPU shader modules…" are the compile phase
 * (weights onto the GPU, shaders); "Finish loading…" is ready. Bytes come from the MB figure it prints.
 */
export function toLoadingProgress(report: WebLLMProgressReport): ModelLoadingProgress {
  const fraction = Math.min(1, Math.max(0, Number.isFinite(report.progress) ? report.progress : 0));
  const text = report.text;
  if (/^Finish loading/i.test(text)) return { phase: 'ready', fraction: 1, text };
  if (/^(Fetching param|Start to fetch)/i.test(text)) {
    const mbFetched = /(\d+(?:\.\d+)?)\s*MB fetched/i.exec(text);
    if (!mbFetched) return { phase: 'download', fraction, text };
    const loadedBytes = Math.round(Number(mbFetched[1]) * 1024 * 1024);
    return {
      phase: 'download',
      fraction,
      loadedBytes,
      ...(fraction > 0 ? { totalBytes: Math.round(loadedBytes / fraction) } : {}),
      text,
    };
  }
  // Weights read back from the browser cache onto the GPU: no download, but still bytes to move.
  const mbLoaded = /(\d+(?:\.\d+)?)\s*MB loaded/i.exec(text);
  if (mbLoaded)
    return { phase: 'compile', fraction, loadedBytes: Math.round(Number(mbLoaded[1]) * 1024 * 1024), text };
  return { phase: 'compile', fraction, text };
}
