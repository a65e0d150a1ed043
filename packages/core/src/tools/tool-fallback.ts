import type { Tool } from './tool.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';

/**
 * A tool that failed (not stopped, not given bad arguments) and names a `fallback`: that tool runs once with
 * the same arguments; the model reads both what failed and what the fallback found.
 */
export async function runFallback(
  tool: Tool,
  primary: ToolCallOutcome & { ok: false },
  fallback: Tool | undefined,
  run: (fallback: Tool) => Promise<ToolCallOutcome>,
): Promise<ToolCallOutcome> {
  if (!fallback) {
    const error = `${primary.error} (its fallback tool "${tool.fallback}" is not registered)`;
    return { ok: false, error, content: `Error: ${error}` };
  }
  const second = await run(fallback);
  if (!second.ok) return { ...second, error: `${primary.error}; fallback ${fallback.name}: ${second.error}` };
  return {
    ...second,
    content: `[${tool.name} failed: ${primary.error}. Result from its fallback ${fallback.name}:]\n${second.content}`,
    fallback: { tool: fallback.name, error: primary.error },
  };
}
