// React components as tool views (`tool-views` / `toolViews` / `defineTool({ view })`): a component is wrapped in
// a custom element the chat creates in each call's stage; the element renders the component into itself with
// its own React root (React 18 and 19), with the call's fields as props and `act` to dispatch an action.
import * as React from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AgentChatActionDetail } from '../shared/action-detail.js';
import type { ToolViewStatus } from '../tool-view/view-props.js';

/** The props of a React tool view: the call as the chat sets it, and `act` to send a message or run a page tool. */
export interface ToolViewComponentProps<Input = unknown, Result = unknown> {
  readonly toolName: string;
  readonly callId: string;
  readonly status: ToolViewStatus;
  /** The call's arguments. */
  readonly input: Input | undefined;
  /** What the tool returned, once `status` is `done`. */
  readonly result: Result | undefined;
  /** Why the call failed, with `status` `error`. */
  readonly error: string | undefined;
  /** Dispatches `agent-chat-action` from the view: `{ type: 'send', text }` or `{ type: 'call-tool', name, args }`. */
  act(detail: AgentChatActionDetail): void;
}

const FIELDS = ['toolName', 'callId', 'status', 'input', 'result', 'error'] as const;
type Field = (typeof FIELDS)[number];
let views = 0;

/**
 * Makes a React component a tool view: defines a custom element for it and returns its tag, to name in
 * `toolViews` (or `defineTool({ view })`). Each call gets its own element, which renders the component with
 * the call's fields as props and re-renders as the call goes on; it unmounts when the element leaves the page.
 * @example
 * const teaResults = reactToolView<{ query: string }, Tea[]>(({ status, result, act }) => …);
 * <agent-chat toolViews={{ search_products: teaResults }} />
 */
export function reactToolView<Input = unknown, Result = unknown>(
  Component: React.ComponentType<ToolViewComponentProps<Input, Result>>,
  tag = `agent-chat-react-view-${++views}`,
): string {
  // A server render has no DOM (Lit's server shim may define `customElements` there, not `HTMLElement`): the tag
  // is still the one the browser will define.
  if (typeof HTMLElement === 'undefined' || typeof customElements === 'undefined' || customElements.get(tag))
    return tag;
  class ReactToolView extends HTMLElement {
    #root: Root | undefined;
    #props: Partial<Record<Field, unknown>> = {};

    static {
      for (const field of FIELDS)
        Object.defineProperty(ReactToolView.prototype, field, {
          get(this: ReactToolView) {
            return this.#props[field];
          },
          set(this: ReactToolView, value: unknown) {
            this.#props = { ...this.#props, [field]: value };
            this.#render();
          },
        });
    }

    connectedCallback(): void {
      this.#root ??= createRoot(this);
      this.#render();
    }

    disconnectedCallback(): void {
      // Lit may move the element within the stage: unmount only when it stays out of the page.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#root?.unmount();
        this.#root = undefined;
      });
    }

    #act = (detail: AgentChatActionDetail): void => {
      this.dispatchEvent(new CustomEvent('agent-chat-action', { detail, bubbles: true, composed: true }));
    };

    #render(): void {
      const p = this.#props;
      this.#root?.render(
        React.createElement(Component, {
          toolName: String(p.toolName ?? ''),
          callId: String(p.callId ?? ''),
          status: (p.status ?? 'running') as ToolViewStatus,
          input: p.input as Input | undefined,
          result: p.result as Result | undefined,
          error: p.error as string | undefined,
          act: this.#act,
        }),
      );
    }
  }
  customElements.define(tag, ReactToolView);
  return tag;
}
