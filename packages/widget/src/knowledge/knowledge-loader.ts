import { nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';
import type { KnowledgeController, KnowledgeControllerDeps } from './knowledge-controller.js';

type Opened = Awaited<ReturnType<KnowledgeController['open']>>;

/**
 * The element's side of its knowledge base, kept small: the controller that syncs documents, reports
 * failures and the embedder's download (knowledge-controller.ts, which loads the knowledge chunk) is a lazy
 * chunk, created
 * when the `knowledge` attribute is set at connect, a file is attached or read, or a run needs the tools.
 * Pages without knowledge never download it.
 */
export class KnowledgeLoader implements ReactiveController {
  #controller: KnowledgeController | undefined;
  #loading: Promise<KnowledgeController> | undefined;
  readonly #deps: KnowledgeControllerDeps;

  constructor(deps: KnowledgeControllerDeps) {
    this.#deps = deps;
    deps.host.addController(this);
  }

  /** Whether the model gets `rag_search` / `read_attachment` (documents configured, or files attached). */
  get active(): boolean {
    return (
      Boolean(this.#deps.host.knowledge?.trim()) || this.#loading !== undefined || this.#deps.hasAttachments()
    );
  }

  hostConnected(): void {
    // Start indexing at once, so the first question does not wait for the downloads.
    // (A chunk that cannot load fails the first run that needs it, with its error shown.)
    if (this.#deps.host.knowledge?.trim()) void this.#load().catch(() => undefined);
  }

  /** The knowledge base and its lazy chunk (opened on first use). */
  async open(): Promise<Opened> {
    return (await this.#load()).open();
  }

  /** The tools for the agent, not waiting for the documents (the tools wait when called); none while nothing is configured. */
  async tools(): Promise<readonly import('@agent-chat/core').Tool[]> {
    return this.active ? (await this.#load()).tools() : [];
  }

  /** The embedding model's download progress, and a notice per document that could not be indexed. */
  render(strings: AgentChatStrings): TemplateResult | typeof nothing {
    return this.#controller?.render(strings) ?? nothing;
  }

  #load(): Promise<KnowledgeController> {
    this.#loading ??= import('./knowledge-controller.js').then(
      ({ KnowledgeController }) => {
        this.#controller = new KnowledgeController(this.#deps);
        return this.#controller;
      },
      (error: unknown) => {
        // Offline or blocked: the next use tries again (a run that needs it fails with this error).
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
}
