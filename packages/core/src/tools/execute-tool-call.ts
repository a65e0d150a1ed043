import { isAbortError, ToolTimeoutError } from '../errors.js';
import type { ToolCall } from '../model/messages.js';
import type { Tool, ToolContext } from './tool.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';
import { isToolOutput } from './tool-output-mark.js';

export type { ToolCallOutcome } from './tool-call-outcome.js';

/**
 * Runs one tool call fail-safe: unknown tools, unparsable or invalid arguments, thrown errors and
 * timeouts all become an `Error: …` result the model can react to, never an exception that ends the
 * run. A tool that fails or times out and names a `fallback` tool is retried once with that tool.
 */
export async function executeToolCall(
  call: ToolCall,
  tools: ReadonlyMap<string, Tool>,
  context: ToolContext,
): Promise<ToolCallOutcome> {
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    if (!tools.has(call.name)) return failure(await unknownTool(call.name, tools));
    const { unparsableArgumentsMessage } = await import('./tool-call-mistakes.js');
    return failure(unparsableArgumentsMessage(call.name, call.arguments));
  }
  return executeTool(call.name, raw, tools, context);
}

/** Runs a tool by name with already-parsed arguments (workflow steps use this directly). */
export async function executeTool(
  name: string,
  raw: unknown,
  tools: ReadonlyMap<string, Tool>,
  context: ToolContext,
): Promise<ToolCallOutcome> {
  const tool = tools.get(name);
  if (!tool) return failure(await unknownTool(name, tools));
  const primary = await runValidated(tool, raw, context);
  if (primary.ok || primary.aborted || primary.invalid || !tool.fallback) return strip(primary);
  // A failed tool's fallback loads when one is needed.
  const { runFallback } = await import('./tool-fallback.js');
  return runFallback(tool, primary, tools.get(tool.fallback), (fallback) =>
    runValidated(fallback, raw, context).then(strip),
  );
}

/** An unknown tool name goes back to the model with the tools it may have meant (loaded when one is called). */
async function unknownTool(name: string, tools: ReadonlyMap<string, Tool>): Promise<string> {
  return (await import('./tool-call-mistakes.js')).unknownToolMessage(name, [...tools.keys()]);
}

type Attempt = ToolCallOutcome & { invalid?: boolean };

async function runValidated(tool: Tool, raw: unknown, context: ToolContext): Promise<Attempt> {
  let parsed: Awaited<ReturnType<Tool['validate']>>;
  try {
    parsed = await tool.validate(raw);
  } catch (error) {
    return failure(`the arguments for ${tool.name} could not be checked: ${String(error)}`);
  }
  if (!parsed.ok)
    return {
      ...failure(`invalid arguments for ${tool.name}: ${parsed.issues}. Fix them and call the tool again.`),
      invalid: true,
    };
  // A tool with a time limit gets a signal of its own that also aborts then, so well-behaved tools stop their
  // work; one without runs on the run's signal, with no controller or listener of its own.
  const { timeoutMs } = tool;
  const controller = timeoutMs === undefined ? undefined : new AbortController();
  const signal = controller?.signal ?? context.signal;
  const onAbort = () => controller?.abort(context.signal.reason);
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (controller) {
    context.signal.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => controller.abort(new ToolTimeoutError(tool.name, timeoutMs!)), timeoutMs);
  }
  try {
    const running = tool.execute(parsed.value, controller ? { ...context, signal } : context);
    // A result given at once needs no waiting; a promise is waited for until it settles or the signal aborts.
    const result =
      typeof (running as PromiseLike<unknown> | undefined)?.then === 'function'
        ? await abortable(Promise.resolve(running), signal)
        : running;
    if (isToolOutput(result)) {
      for (const item of result.content) context.emit?.({ type: 'content', content: item });
      // What the model reads of rich content loads with the first tool that returns some.
      const { toolOutputText } = await import('./tool-output.js');
      return { ok: true, result, content: toolOutputText(result.content), items: result.content };
    }
    return { ok: true, result, content: toContent(result) };
  } catch (error) {
    const reason: unknown = signal.reason;
    if (!context.signal.aborted && reason instanceof ToolTimeoutError) return failure(reason.message);
    if (context.signal.aborted || isAbortError(error))
      return { ...failure('the run was stopped.'), aborted: true };
    return failure(error instanceof Error ? error.message : String(error));
  } finally {
    if (controller) {
      clearTimeout(timer);
      context.signal.removeEventListener('abort', onAbort);
    }
  }
}

function strip({ invalid: _invalid, ...outcome }: Attempt): ToolCallOutcome {
  return outcome;
}

function failure(message: string): { ok: false; error: string; content: string } {
  return { ok: false, error: message, content: `Error: ${message}` };
}

/** What the model reads of a plain result: strings as they are, anything else as JSON. */
export function toContent(result: unknown): string {
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
