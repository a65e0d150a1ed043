/**
 * WebMCP, the page's side: `document.modelContext` (older drafts: `navigator.modelContext`) with
 * `registerTool` / `unregisterTool`. Where the browser has none, {@link installWebMcp} provides a small
 * polyfill with the same API; where it has one, its methods are wrapped so `<agent-chat>` also sees
 * the tools the page registers (a browser's API cannot list them).
 */

/** A tool as the page registers it through WebMCP. */
export interface WebMcpTool {
  name: string;
  description: string;
  /** JSON Schema of the input (an object schema); default no input. */
  inputSchema?: Record<string, unknown>;
  execute(input: Record<string, unknown>, client: WebMcpClient): unknown;
  annotations?: { readOnlyHint?: boolean; [hint: string]: unknown };
}

/** What a tool's `execute` gets besides its input. */
export interface WebMcpClient {
  /** Runs `callback` as a user interaction (the chat is the user's own agent, so it runs at once). */
  requestUserInteraction<T>(callback: () => T | Promise<T>): Promise<T>;
}

/** The part of the WebMCP API pages call. */
export interface ModelContext {
  registerTool(tool: WebMcpTool): unknown;
  unregisterTool(name: string): unknown;
  provideContext?(context: { tools?: WebMcpTool[] }): unknown;
  clearContext?(): unknown;
}

/** The tools registered so far (any `<agent-chat>` reads them) and who wants to hear of changes. */
const registered = new Map<string, WebMcpTool>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** The registered WebMCP tools, in registration order. */
export function webMcpTools(): WebMcpTool[] {
  return [...registered.values()];
}

/** Calls `listener` whenever a tool is registered or unregistered; returns the unsubscribe function. */
export function onWebMcpChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const WRAPPED = Symbol.for('agent-chat.webmcp');

/** Gives the page `document.modelContext` (the polyfill, or the browser's own, observed). Idempotent. */
export function installWebMcp(): ModelContext {
  const doc = document as Document & { modelContext?: ModelContext };
  const nav = navigator as Navigator & { modelContext?: ModelContext };
  const existing = doc.modelContext ?? nav.modelContext;
  const context = existing ?? polyfill();
  if (!(context as { [WRAPPED]?: boolean })[WRAPPED]) observe(context, existing !== undefined);
  for (const target of [doc, nav] as { modelContext?: ModelContext }[])
    if (!target.modelContext)
      Object.defineProperty(target, 'modelContext', { value: context, configurable: true });
  return context;
}

function polyfill(): ModelContext {
  return { registerTool: () => undefined, unregisterTool: () => undefined };
}

/** Wraps the methods so registrations reach {@link registered} (and the browser's own API, if any). */
function observe(context: ModelContext, native: boolean): void {
  const register = context.registerTool.bind(context);
  const unregister = context.unregisterTool.bind(context);
  const provide = context.provideContext?.bind(context);
  const clear = context.clearContext?.bind(context);
  context.registerTool = (tool) => {
    if (typeof tool?.name !== 'string' || !tool.name)
      throw new TypeError('registerTool: the tool needs a name.');
    if (registered.has(tool.name))
      throw new Error(
        `registerTool: a tool named "${tool.name}" is already registered; unregister it first.`,
      );
    const result = native ? register(tool) : undefined;
    registered.set(tool.name, tool);
    changed();
    return result;
  };
  context.unregisterTool = (name) => {
    const result = native ? unregister(name) : undefined;
    if (registered.delete(name)) changed();
    return result;
  };
  context.provideContext = (value) => {
    const result = native && provide ? provide(value) : undefined;
    registered.clear();
    for (const tool of value?.tools ?? []) if (tool?.name) registered.set(tool.name, tool);
    changed();
    return result;
  };
  context.clearContext = () => {
    const result = native && clear ? clear() : undefined;
    registered.clear();
    changed();
    return result;
  };
  Object.defineProperty(context, WRAPPED, { value: true });
}
