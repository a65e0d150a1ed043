import type { Tool } from '@agent-chat/core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { installWebMcp, onWebMcpChange, webMcpTools } from './webmcp.js';
import type { PageToolCache } from './webmcp-convert.js';

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
  /** Converted tools by what declared them (a registered tool object, or a form), and warnings given. */
  readonly #cache: PageToolCache = { converted: new WeakMap(), warned: new Set() };
  #unsubscribe: (() => void) | undefined;
  #observer: MutationObserver | undefined;
  #refreshing = Promise.resolve();

  constructor({
    host,
    onTools,
  }: { host: ReactiveControllerHost; onTools: (tools: readonly Tool[]) => void }) {
    this.#onChange = onTools;
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
    // Converting (schemas, forms) is a lazy chunk: only pages with tools load it.
    const tools =
      registered.length || document.querySelector('form[toolname]')
        ? (await import('./model-context-chunk.js')).convertPageTools(registered, this.#cache)
        : [];
    if (tools.length === this.tools.length && tools.every((t, i) => t === this.tools[i])) return;
    this.tools = tools;
    this.#onChange(tools);
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
