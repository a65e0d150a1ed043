import type { AgentEvent } from '@agent-chat/core';
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { type AgentChatStrings, format } from '../i18n/strings.js';
import { loadMarkdownEngine, markdownEngine } from '../markdown/markdown.js';
import type { StreamingMarkdown } from '../markdown/streaming-markdown.js';
import type { ViewContext } from '../shared/view-context.js';
import type { TranscriptItem } from '../transcript-model/transcript.js';
import { readAppMessage } from './app-message.js';
import type { ModelLoadState } from './model-view.js';

type ToolViews = typeof import('./tool-views.js');

let toolViews: ToolViews | undefined;
let loadingToolViews: Promise<ToolViews> | undefined;

/** Loads the views of tool work (a separate chunk) once; a failed load is tried again on the next render. */
export function loadToolViews(): Promise<ToolViews> {
  loadingToolViews ??= import('./tool-views.js').then(
    (loaded) => {
      toolViews = loaded;
      return loaded;
    },
    (error: unknown) => {
      loadingToolViews = undefined;
      throw error;
    },
  );
  return loadingToolViews;
}

/** Items whose views are in the lazy tool-views chunk. */
const TOOL_KINDS = new Set<TranscriptItem['kind']>([
  'stage',
  'workflow',
  'clarify',
  'approval',
  'tools-loaded',
  'model-load',
  'model-notice',
  'reasoning',
]);

/** Renders transcript items; keeps one streaming Markdown renderer per assistant message. */
export class ItemView {
  readonly #markdown = new Map<string, StreamingMarkdown>();
  /** Per model-load item: cancelled, storage warning. */
  readonly modelStates = new Map<string, ModelLoadState>();

  /** Warns when a local model's download would not fit the storage quota; only pages with a local model
   * need the check, so it is a lazy chunk. `rerender` runs when a warning was added. */
  checkStorage(
    event: AgentEvent & { type: 'model.loading' },
    strings: AgentChatStrings,
    rerender: () => void,
  ): void {
    void import('./storage-check.js')
      .then(({ checkModelStorage }) => checkModelStorage(this.modelStates, event, strings))
      .then((warned) => warned && rerender());
  }

  render(ctx: ViewContext): TemplateResult {
    const flows = new Set(
      ctx.items.flatMap((item) =>
        item.kind === 'workflow' ? item.steps.map((s) => `${item.runId}:${s.id}`) : [],
      ),
    );
    // Tool calls made for a workflow step are shown inside that step, not on their own.
    const top = ctx.items.filter(
      (item) => !(item.kind === 'stage' && item.stepId && flows.has(`${item.runId}:${item.stepId}`)),
    );
    return html`${repeat(
      top,
      (item) => item.id,
      (item) => this.#item(item, ctx),
    )}`;
  }

  /** Marks the model downloads still under way as cancelled by the user. */
  cancelModelLoads(items: readonly TranscriptItem[]): void {
    for (const item of items)
      if (item.kind === 'model-load' && item.phase !== 'ready')
        this.modelStates.set(item.id, { ...this.modelStates.get(item.id), cancelled: true });
  }

  /** Forgets renderers of messages no longer shown. */
  prune(items: readonly TranscriptItem[]): void {
    const ids = new Set(items.map((i) => i.id));
    for (const id of this.#markdown.keys()) if (!ids.has(id)) this.#markdown.delete(id);
  }

  #item(item: TranscriptItem, ctx: ViewContext): TemplateResult {
    const views = toolViews;
    if (!views && TOOL_KINDS.has(item.kind)) {
      // The first tool item on the page: its view arrives in a moment (a few ms from the same server).
      loadToolViews().then(ctx.rerender, () => {});
      // A tool call is seen running from its first event: its summary line needs nothing from the chunk.
      if (item.kind === 'stage' && item.status !== 'approval' && item.argsText === undefined) {
        const s = ctx.strings;
        const title = item.status === 'running' ? s.using : item.status === 'done' ? s.used : s.failed;
        return html`<details part="stage" class="stage" data-status=${item.status} data-tool=${item.name} ?open=${item.status === 'running'} aria-busy="true"><summary part="stage-summary"><span class="stage-title">${format(title, { name: item.name })}</span></summary></details>`;
      }
      return html`<div class="stage-loading" aria-busy="true"></div>`;
    }
    switch (item.kind) {
      case 'user': {
        const fromApp = readAppMessage(item.text);
        if (fromApp)
          return html`<div part="message message-user message-from-app" class="message user from-app"><span part="message-app-label" class="app-label">${format(ctx.strings.fromApp, { tool: fromApp.tool })}</span>${fromApp.text}</div>`;
        return html`<div part="message message-user" class="message user">${item.text}</div>${ctx.answerActions?.(item, true)}`;
      }
      case 'assistant': {
        const final = !ctx.running || item !== ctx.items.at(-1);
        // An answer that ended empty (the model only thought, or said nothing) says so instead of showing nothing.
        const body =
          final && !item.stopped && item.text.trim() === ''
            ? html`<p part="empty-answer" class="empty-answer">${ctx.strings.emptyAnswer}</p>`
            : this.#markdownOf(item.id, item.text, final, ctx);
        return html`<div part="message message-assistant" class="message assistant">${body}${item.stopped ? html`<span class="stopped">${ctx.strings.stopped}</span>` : nothing}${item.interrupted ? html`<span part="interrupted" class="stopped">${ctx.strings.interrupted}</span>` : nothing}${ctx.readAloud?.(item, final)}</div>${ctx.answerActions?.(item, final)}`;
      }
      case 'stage':
        return views!.renderStage(item, ctx);
      case 'workflow':
        return views!.renderWorkflow(item, ctx);
      case 'clarify':
        return views!.renderClarify(item, ctx);
      case 'approval':
        return views!.renderApproval(item, ctx);
      case 'model-load':
        return views!.renderModelLoad(item, this.modelStates.get(item.id) ?? { cancelled: false }, ctx);
      case 'model-notice':
        return views!.renderModelNotice(item, ctx);
      case 'tools-loaded':
        return views!.renderToolsLoaded(item, ctx);
      case 'reasoning':
        return views!.renderReasoning(item, ctx);
    }
  }

  /** `final`: the message will not grow any more (the run ended or something came after it). */
  #markdownOf(id: string, text: string, final: boolean, ctx: ViewContext): TemplateResult {
    const engine = markdownEngine();
    if (!engine) {
      // First answer on the page: show the text as is until the Markdown engine has loaded.
      loadMarkdownEngine().then(ctx.rerender, () => {});
      return html`<div class="markdown plain">${text}</div>`;
    }
    let renderer = this.#markdown.get(id);
    if (!renderer) {
      renderer = new engine.StreamingMarkdown();
      renderer.onChange = ctx.rerender;
      this.#markdown.set(id, renderer);
    }
    const blocks = renderer.update(text, engine, final, ctx.strings);
    return html`<div class="markdown">${repeat(
      blocks,
      (block) => block.key,
      (block) => block.node,
    )}</div>`;
  }
}
