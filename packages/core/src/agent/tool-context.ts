import type { ToolCallOutcome } from '../tools/execute-tool-call.js';
import type { ToolContext } from '../tools/tool.js';
import type { RunContext, RunSettings } from './run-settings.js';

/** The context a tool call gets: signal, ids, the model, an emitter for progress and content. */
export function toolContext(toolCallId: string, run: RunContext, settings: RunSettings): ToolContext {
  return {
    ...(run.memory !== undefined ? { memory: run.memory } : {}),
    ...(settings.mcp !== undefined ? { mcp: settings.mcp } : {}),
    signal: run.signal,
    toolCallId,
    runId: run.runId,
    model: run.model,
    emit: (emission) => {
      if (emission.type === 'content')
        run.emit({ type: 'tool.content', toolCallId, content: emission.content });
      else if (emission.type !== 'progress') run.emit({ ...emission });
      else
        run.emit({
          type: 'tool.progress',
          toolCallId,
          progress: emission.progress,
          ...(emission.total !== undefined ? { total: emission.total } : {}),
          ...(emission.message !== undefined ? { message: emission.message } : {}),
        });
    },
  };
}

/** Emits `tool.complete` / `tool.error` and logs the result. */
export function reportOutcome(
  run: RunContext,
  toolCallId: string,
  name: string,
  outcome: ToolCallOutcome,
  durationMs: number,
) {
  if (outcome.ok)
    run.emit({
      type: 'tool.complete',
      toolCallId,
      name,
      result: outcome.result,
      content: outcome.content,
      durationMs,
    });
  else run.emit({ type: 'tool.error', toolCallId, name, error: outcome.error, durationMs });
  if (run.logging)
    run.log('tool.result', {
      toolCallId,
      name,
      ok: outcome.ok,
      content: outcome.content,
      durationMs: Math.round(durationMs),
      ...(outcome.ok && outcome.fallback ? { fallback: outcome.fallback } : {}),
    });
}

/** Arguments as shown in events: parsed JSON, or the raw text when it is not JSON. */
export function parseArgs(raw: string): unknown {
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    return raw;
  }
}
