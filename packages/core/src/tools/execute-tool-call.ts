import type { z } from 'zod';
import { isAbortError } from '../errors.js';
import type { ToolCall } from '../model/messages.js';
import type { Tool, ToolContext } from './tool.js';

/** The outcome of one tool call: `content` is what the model receives either way. */
export type ToolCallOutcome =
  | { ok: true; result: unknown; content: string }
  | { ok: false; error: string; content: string; aborted?: boolean };

/**
 * Runs one tool call fail-safe: unknown tools, unparsable or invalid arguments and thrown errors all
 * become an `Error: …` result the model can react to, never an exception that ends the run.
 */
export async function executeToolCall(
  call: ToolCall,
  tools: ReadonlyMap<string, Tool>,
  context: ToolContext,
): Promise<ToolCallOutcome> {
  const tool = tools.get(call.name);
  if (!tool) {
    const names = [...tools.keys()].join(', ') || 'none';
    return failure(`unknown tool "${call.name}". Available tools: ${names}.`);
  }
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return failure(
      `the arguments for ${call.name} are not valid JSON (${JSON.stringify(call.arguments.slice(0, 200))}). Call the tool again with a JSON object.`,
    );
  }
  const parsed = tool.schema.safeParse(raw);
  if (!parsed.success)
    return failure(
      `invalid arguments for ${call.name}: ${formatIssues(parsed.error)}. Fix them and call the tool again.`,
    );
  try {
    const result = await abortable(Promise.resolve(tool.execute(parsed.data, context)), context.signal);
    return { ok: true, result, content: toContent(result) };
  } catch (error) {
    if (context.signal.aborted || isAbortError(error))
      return { ...failure('the run was stopped.'), aborted: true };
    return failure(error instanceof Error ? error.message : String(error));
  }
}

function failure(message: string): { ok: false; error: string; content: string } {
  return { ok: false, error: message, content: `Error: ${message}` };
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

function toContent(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result === undefined) return '';
  try {
    return JSON.stringify(result);
  } catch {
    return String(result);
  }
}

/** Stops waiting when the signal aborts, even for a tool that ignores its signal. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
