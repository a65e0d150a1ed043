import type { KnowledgeBase, KnowledgeEvent, Tool, TransformersEmbedderOptions } from '@agent-chat/core';
import { html, nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import { type AgentChatStrings, format } from '../i18n/strings.js';
import { parseKnowledge } from '../shared/widget-config.js';
import type { KnowledgeDocumentError } from '../shared/widget-errors.js';
import { loadToolViews } from '../transcript/item-view.js';
import type { ModelLoadItem } from '../transcript-model/transcript.js';

type KnowledgeChunk = typeof import('./knowledge-chunk.js');

/** What the knowledge controller needs from its element. */
export interface KnowledgeHost extends ReactiveElement {
  knowledge: string | undefined;
  /** `transformers` adds vectors (hybrid search); read when the knowledge base opens. */
  embedder: string | undefined;
  embedderOptions: TransformersEmbedderOptions | undefined;
}

/** What the knowledge controller is made from (see knowledge-loader.ts, which creates it). */
export interface KnowledgeControllerDeps {
  host: KnowledgeHost;
  databaseName: () => string;
  conversationId: () => string | undefined;
  hasAttachments: () => boolean;
}

/**
 * The element's knowledge base, a lazy chunk (knowledge-loader.ts creates it when the
 * `knowledge` attribute is set or a file is attached); the attribute's documents are synced on connect
 * and when it changes, and each document that could not be indexed is named in a notice while the chat
 * keeps working with the others.
 */
export class KnowledgeController implements ReactiveController {
  /** Documents that could not be indexed in the last sync, shown as notices. */
  failures: readonly KnowledgeDocumentError[] = [];
  /** The embedding model's download while it loads (gone once it is ready). */
  modelLoad: ModelLoadItem | undefined;
  /** The tool-views chunk, loaded with the embedder model's first download event (only pages with one). */
  #views: typeof import('../transcript/tool-views.js') | undefined;
  #opened: Promise<{ chunk: KnowledgeChunk; kb: KnowledgeBase; tools: Tool[] }> | undefined;
  #synced: Promise<void> | undefined;
  #syncedFor: string | undefined;
  readonly #host: KnowledgeHost;
  readonly #databaseName: () => string;
  readonly #conversationId: () => string | undefined;
  readonly #hasAttachments: () => boolean;

  /**
   * `conversationId` is the conversation shown; `hasAttachments` says whether it has attached files (a
   * conversation restored after a reload can still read them, within their TTL).
   */
  constructor({ host, databaseName, conversationId, hasAttachments }: KnowledgeControllerDeps) {
    this.#host = host;
    this.#databaseName = databaseName;
    this.#conversationId = conversationId;
    this.#hasAttachments = hasAttachments;
    host.addController(this);
  }

  /** Whether the model gets `rag_search` / `read_attachment` (documents configured, or files attached). */
  get active(): boolean {
    return Boolean(this.#host.knowledge?.trim()) || this.#opened !== undefined || this.#hasAttachments();
  }

  /** The knowledge base and its lazy chunk (opened on first use). */
  open(): Promise<{ chunk: KnowledgeChunk; kb: KnowledgeBase; tools: Tool[] }> {
    const host = this.#host;
    this.#opened ??= import('./knowledge-chunk.js').then(async (chunk) => {
      const embedder = await chunk.loadEmbedder(host.embedder, host.embedderOptions);
      const kb = chunk.openKnowledgeBase(this.#databaseName(), {
        embedder,
        onEvent: (event) => this.#onEvent(event),
      });
      // Asked before this visit's sync adds anything: were documents stored on an earlier visit?
      const returning = kb.documents().then(
        (stored) => stored.some((d) => d.metadata.origin === 'knowledge'),
        () => false,
      );
      return {
        chunk,
        kb,
        tools: chunk.conversationTools(kb, this.#conversationId, () => this.#searchable(returning)),
      };
    });
    return this.#opened;
  }

  /** The tools for the agent, not waiting for the documents (the tools wait when called); none while nothing is configured. */
  async tools(): Promise<readonly Tool[]> {
    if (!this.active) return [];
    void this.sync();
    return (await this.open()).tools;
  }

  /** Indexes the `knowledge` documents (again only when the attribute changed); never throws. */
  sync(): Promise<void> {
    const value = this.#host.knowledge?.trim() ?? '';
    if (this.#synced && this.#syncedFor === value) return this.#synced;
    this.#syncedFor = value;
    this.#synced = value ? this.#run(value) : Promise.resolve();
    return this.#synced;
  }

  /**
   * Resolves once a search can answer: on a return visit as soon as the documents and keyword index
   * stored last time are loaded (the sync revalidates them meanwhile, a few at a time), else after the sync.
   */
  async #searchable(returning: Promise<boolean>): Promise<void> {
    const synced = this.sync();
    if (!(await returning)) await synced;
  }

  hostConnected(): void {
    // Start indexing at once, so the first question does not wait for the downloads.
    if (this.#host.knowledge?.trim()) void this.sync();
  }

  hostUpdate(): void {
    if (
      this.#host.isConnected &&
      this.#syncedFor !== undefined &&
      (this.#host.knowledge?.trim() ?? '') !== this.#syncedFor
    )
      void this.sync();
  }

  #onEvent(event: KnowledgeEvent): void {
    if (event.type === 'model.loading') {
      const { type: _type, ...load } = event;
      this.modelLoad =
        load.phase === 'ready' ? undefined : { kind: 'model-load', id: 'embedder', runId: '', ...load };
      if (this.#views) this.#host.requestUpdate();
      else
        void loadToolViews().then((views) => {
          this.#views = views;
          this.#host.requestUpdate();
        });
    } else if (event.type === 'knowledge.mode' && event.mode === 'keyword' && this.#host.embedder?.trim())
      // The configured embedder failed (its model could not load): say why search fell back.
      console.warn(`<agent-chat>: the knowledge base searches by keywords only: ${event.reason}.`);
  }

  async #run(value: string): Promise<void> {
    try {
      const { chunk, kb } = await this.open();
      const result = await chunk.syncKnowledge(kb, parseKnowledge(value, document.baseURI));
      const indexError = await chunk.attachBuiltIndex(kb, result.indexes?.[0], this.#databaseName());
      this.failures = indexError ? [...result.failed, indexError] : result.failed;
      for (const failure of result.failed)
        console.warn(`<agent-chat>: knowledge document skipped: ${failure.message}`);
    } catch (error) {
      // The knowledge base itself could not open (e.g. IndexedDB blocked): chat on without it.
      console.warn('<agent-chat>: the knowledge base could not be opened:', error);
      this.failures = [];
    }
    this.#host.requestUpdate();
  }

  /** The embedding model's download progress, and one notice per document that could not be indexed. */
  render(strings: AgentChatStrings): TemplateResult {
    return html`${this.modelLoad && this.#views ? this.#views.renderModelLoad(this.modelLoad, { cancelled: false }, { strings, rerender: () => this.#host.requestUpdate() }) : nothing}${this.#renderFailures(strings)}`;
  }

  #renderFailures(strings: AgentChatStrings): TemplateResult | typeof nothing {
    if (!this.failures.length) return nothing;
    return html`<ul part="knowledge-notice" class="knowledge-notice" role="status">
      ${this.failures.map(
        (f) =>
          html`<li data-reason=${f.reason}>${format(strings.knowledgeSkipped, { detail: f.message })}</li>`,
      )}
    </ul>`;
  }
}
