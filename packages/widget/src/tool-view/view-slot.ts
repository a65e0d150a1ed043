// The lazy half of tool views (stage-view-directive.ts loads it on a page that configures any): which tool has
// which view, the page's element for one call, its properties, its actions.
import { html, nothing, type TemplateResult } from 'lit';
import type { ViewContext } from '../shared/view-context.js';
import type { PageTool } from '../tools/page-tools.js';
import type { StageItem } from '../transcript-model/transcript.js';
import { viewTagOf } from './tool-view-config.js';
import { looksLikeToon, type ToolViewProps, type ToonDecode, viewProps } from './view-props.js';

/**
 * The views of calls that waited on an approval, by approval request: the approved call's stage comes back
 * under the resumed run's id (a new part), and keeps its element.
 */
const approvedViews = new Map<string, ViewSlot>();

/**
 * A stage drawn with its tool's view (`held.slot` keeps the call's element across renders), or `undefined`
 * when the tool has none: the stage is drawn as it is. `early`: the call has not started (its input
 * streaming, or waiting on an approval), so it shows only with its own view.
 */
export function drawWithView(
  held: { slot: ViewSlot | undefined },
  host: Element,
  stage: StageItem,
  ctx: ViewContext,
  draw: (view: ViewRendering | undefined) => unknown,
  early: boolean,
): unknown {
  const tag = viewTagOf(host, stage.name);
  if (!tag) return undefined;
  const { approval } = stage;
  held.slot ??= (approval && approvedViews.get(approval)) || new ViewSlot(host, tag, stage.name);
  if (approval)
    if (stage.status === 'done' || stage.status === 'failed') approvedViews.delete(approval);
    else approvedViews.set(approval, held.slot);
  const view = held.slot.render(stage, ctx);
  // A view that could not be shown: the call shows as it would without one, once it starts.
  return 'notice' in view && early ? nothing : draw(view);
}

let toon: ToonDecode | undefined;
let loadingToon: Promise<unknown> | undefined;

/** The theme's colours, resolved for light or dark, under the names a page themes the chat with. */
const THEME = [
  ['--agent-chat-background', '--_bg'],
  ['--agent-chat-color', '--_fg'],
  ['--agent-chat-surface', '--_surface'],
  ['--agent-chat-accent', '--_accent'],
  ['--agent-chat-accent-text', '--_accent-text'],
  ['--agent-chat-border', '--_border'],
  ['--agent-chat-muted', '--_muted'],
  ['--agent-chat-success', '--_success'],
  ['--agent-chat-error', '--_error'],
  ['--agent-chat-radius', '--_radius'],
] as const;

/** What a stage shows of its view: the view itself, or a notice (the stage renders as it would without one). */
export type ViewRendering = { view: TemplateResult } | { notice: string };

/**
 * One call's view: the page's custom element `tag`, created once and updated with each render of the stage.
 * A tag that is not a defined custom element, or a view that throws when a property is set, ends it: the
 * stage falls back to its default rendering with a notice, and the console names the tool.
 */
export class ViewSlot {
  readonly #tool: string;
  readonly #tag: string;
  readonly #host: Element;
  readonly #wrap = document.createElement('div');
  /** Approval questions of the view's actions. */
  readonly #box = document.createElement('div');
  #element: HTMLElement | undefined;
  #last: { raw?: string; props: ToolViewProps } | undefined;
  #failed: string | undefined;
  #ctx: ViewContext | undefined;

  constructor(host: Element, tag: string, tool: string) {
    this.#host = host;
    this.#tag = tag;
    this.#tool = tool;
    this.#wrap.setAttribute('part', 'tool-view');
    this.#wrap.className = 'tool-view';
    // CSSOM, not a style attribute: allowed under a strict CSP.
    for (const [name, value] of THEME) this.#wrap.style.setProperty(name, `var(${value})`);
    if (!customElements.get(tag)) {
      this.#fail(
        `<${tag}> is not a defined custom element; define it (customElements.define) before the call is shown`,
      );
      return;
    }
    this.#element = document.createElement(tag);
    // `agent-chat-action` (action-detail.ts); the name is written out so this chunk shares no module with others.
    this.#element.addEventListener('agent-chat-action', (event) => this.#onAction(event));
    this.#wrap.append(this.#element);
  }

  /** The view with `stage`'s current state set on it. */
  render(stage: StageItem, ctx: ViewContext): ViewRendering {
    this.#ctx = ctx;
    if (this.#element && !this.#failed) this.#set(stage);
    if (this.#failed)
      return { notice: `The view of ${this.#tool} could not be shown; the call is shown as it is.` };
    return { view: html`${this.#wrap}${this.#box}` };
  }

  #set(stage: StageItem): void {
    const raw = stage.result;
    if (!toon && raw !== undefined && raw !== this.#last?.raw && looksLikeToon(raw)) {
      // A stored table-like result: its decoder is a lazy chunk; the view gets its state once it is here.
      loadingToon ??= import('@toon-format/toon').then((m) => (toon = m.decode));
      void loadingToon.then(this.#ctx?.rerender, (error: unknown) => {
        loadingToon = undefined;
        console.error('<agent-chat>: could not load the TOON decoder', error);
      });
      return;
    }
    const approval =
      stage.status === 'approval'
        ? this.#ctx?.items.find((item) => item.id === `${stage.runId}:${stage.approval}`)
        : undefined;
    const props = viewProps(stage, this.#last, toon, {
      ...(approval?.kind === 'approval' ? { approval: approval.state } : {}),
      ended: !this.#ctx?.running,
    });
    const element = this.#element as HTMLElement & Record<string, unknown>;
    for (const [key, value] of Object.entries(props) as [keyof ToolViewProps, unknown][]) {
      if (this.#last && this.#last.props[key] === value) continue;
      try {
        element[key] = value;
      } catch (error) {
        this.#fail(
          `<${this.#tag}> threw when its ${key} was set: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
    }
    this.#last = { ...(stage.result !== undefined ? { raw: stage.result } : {}), props };
  }

  #fail(why: string): void {
    this.#failed = why;
    this.#element?.remove();
    console.error(`<agent-chat>: the view of tool "${this.#tool}" is not used: ${why}.`);
  }

  #onAction(event: Event): void {
    const ctx = this.#ctx;
    if (!ctx) return;
    void import('./view-actions.js').then(({ performAction }) =>
      performAction((event as CustomEvent).detail, {
        tool: this.#tool,
        chat: ctx.mcpApps,
        host: this.#host as Element & { tools?: readonly PageTool[] },
        box: this.#box,
        strings: ctx.strings,
      }),
    );
  }
}
