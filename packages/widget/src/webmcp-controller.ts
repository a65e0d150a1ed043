import type { Tool } from '@agent-chat/core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { installWebMcp, onWebMcpChange, type WebMcpTool, webMcpTools } from './webmcp.js';

/**
 * The page's WebMCP tools (registered with `document.modelContext.registerTool`, or declared by
 * `<form toolname>`), as the agent's page tools, live: `onChange` gets the new list whenever one is
 * registered, unregistered, or a tool form appears or goes. A tool with an invalid input schema is
 * skipped with a console warning naming it. Tools not marked `readOnlyHint: true` ask for approval.
 */
export class WebMcpController implements ReactiveController {
  /** The current page tools, as core tools. */
  tools: readonly Tool[] = [];
  readonly #onChange: (tools: readonly Tool[]) => void;
  readonly #warned = new Set<string>();
  /** Converted tools by what declared them (a registered tool object, or a form) and its signature. */
  readonly #cache = new WeakMap<object, { signature: string; tool: Tool | undefined }>();
  #unsubscribe: (() => void) | undefined;
  #observer: MutationObserver | undefined;
  #refreshing = Promise.resolve();

  constructor(host: ReactiveControllerHost, onChange: (tools: readonly Tool[]) => void) {
    this.#onChange = onChange;
    host.addController(this);
  }

  /** Resolves once the tools reflect the page as it is now. */
  get ready(): Promise<void> {
    return this.#refreshing;
  }

  hostConnected(): void {
    installWebMcp();
    this.#unsubscribe = onWebMcpChange(() => this.#refresh());
    this.#observer = new MutationObserver((records) => {
      if (records.some(touchesToolForms)) this.#refresh();
    });
    this.#observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['toolname', 'tooldescription', 'toolparamdescription', 'name', 'required'],
    });
    this.#refresh();
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#observer?.disconnect();
  }

  #refresh(): void {
    this.#refreshing = this.#refreshing
      .then(() => this.#collect())
      .catch((error: unknown) => {
        console.warn('<agent-chat>: the page tools could not be read:', error);
      });
  }

  async #collect(): Promise<void> {
    const registered = webMcpTools();
    const tools: Tool[] = [];
    if (registered.length || document.querySelector('form[toolname]')) {
      const chunk = await import('./model-context-chunk.js');
      const declared: [object, WebMcpTool][] = [
        ...registered.map((tool): [object, WebMcpTool] => [tool, tool]),
        ...chunk.toolForms().map((form): [object, WebMcpTool] => [form, chunk.formTool(form)]),
      ];
      const names = new Set<string>();
      for (const [owner, tool] of declared) {
        const converted = this.#cached(owner, tool, chunk.fromWebMcp);
        if (converted && !names.has(converted.name)) {
          names.add(converted.name);
          tools.push(converted);
        }
      }
    }
    if (tools.length === this.tools.length && tools.every((t, i) => t === this.tools[i])) return;
    this.tools = tools;
    this.#onChange(tools);
  }

  #cached(owner: object, tool: WebMcpTool, convert: (tool: WebMcpTool) => Tool): Tool | undefined {
    let signature: string;
    try {
      signature = JSON.stringify([tool.name, tool.description, tool.inputSchema, tool.annotations]);
    } catch {
      signature = String(tool?.name);
    }
    const hit = this.#cache.get(owner);
    if (hit?.signature === signature) return hit.tool;
    let converted: Tool | undefined;
    try {
      converted = convert(tool);
    } catch (error) {
      if (!this.#warned.has(signature)) {
        this.#warned.add(signature);
        console.warn(
          `<agent-chat>: WebMCP tool "${String(tool?.name)}" is skipped: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    this.#cache.set(owner, { signature, tool: converted });
    return converted;
  }
}

function touchesToolForms(record: MutationRecord): boolean {
  const isToolNode = (node: Node) =>
    node instanceof Element &&
    (node.matches('form[toolname]') ||
      node.closest('form[toolname]') !== null ||
      node.querySelector('form[toolname]') !== null);
  if (record.type === 'attributes') return isToolNode(record.target);
  return [...record.addedNodes, ...record.removedNodes].some(
    (n) =>
      isToolNode(n) || (record.target instanceof Element && record.target.closest('form[toolname]') !== null),
  );
}
