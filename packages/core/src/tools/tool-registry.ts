import { ConfigurationError } from '../errors.js';
import type { Tool } from './tool.js';

/**
 * The tools an agent offers, by name. Pass one to `createAgent({ tools: registry })` and an app can add
 * or remove tools later without touching core; each run sees the tools registered when it starts.
 *
 * @example
 * const registry = new ToolRegistry([weather]);
 * registry.register(searchTool);
 */
export class ToolRegistry implements ReadonlyMap<string, Tool> {
  readonly #tools = new Map<string, Tool>();

  // biome-ignore lint/suspicious/noExplicitAny: tools of any argument type are accepted; each validates its own.
  constructor(tools: Iterable<Tool<any, unknown>> = []) {
    for (const tool of tools) this.register(tool);
  }

  /** Adds tools; a name that is already taken is a {@link ConfigurationError}. */
  // biome-ignore lint/suspicious/noExplicitAny: see the constructor.
  register(...tools: Tool<any, unknown>[]): this {
    for (const tool of tools) {
      if (!tool || typeof tool.execute !== 'function' || typeof tool.name !== 'string')
        throw new ConfigurationError('ToolRegistry.register: pass tools made with defineTool().');
      if (this.#tools.has(tool.name))
        throw new ConfigurationError(
          `ToolRegistry: two tools are named "${tool.name}"; tool names must be unique.`,
        );
      this.#tools.set(tool.name, tool as Tool);
    }
    return this;
  }

  /** Removes a tool; returns whether it was there. */
  unregister(name: string): boolean {
    return this.#tools.delete(name);
  }

  get size(): number {
    return this.#tools.size;
  }
  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }
  has(name: string): boolean {
    return this.#tools.has(name);
  }
  forEach(callback: (value: Tool, key: string, map: ReadonlyMap<string, Tool>) => void): void {
    for (const [key, value] of this.#tools) callback(value, key, this);
  }
  keys(): MapIterator<string> {
    return this.#tools.keys();
  }
  values(): MapIterator<Tool> {
    return this.#tools.values();
  }
  entries(): MapIterator<[string, Tool]> {
    return this.#tools.entries();
  }
  [Symbol.iterator](): MapIterator<[string, Tool]> {
    return this.#tools.entries();
  }
}
