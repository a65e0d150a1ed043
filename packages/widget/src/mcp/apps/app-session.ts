import type { McpAppContent, McpAppCsp, McpApps } from '@agent-chat/core';
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostContext,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';

/** What the stage does for the app; the session only speaks the protocol (through ext-apps' AppBridge). */
export interface AppSessionHandlers {
  /** The app sent `initialized` in time: it is showing. */
  initialized(): void;
  /** No `initialized` within the time allowed. */
  timedOut(): void;
  size(size: { width?: number | undefined; height?: number | undefined }): void;
  /** `ui/message`: add a user message to the chat; false when it was not added. */
  message(text: string): Promise<boolean>;
  /** `ui/open-link`: asks the visitor; false when they declined. */
  openLink(url: string): Promise<boolean>;
  /** `ui/request-display-mode`: resolves with the mode the stage has once the visitor answered. */
  displayMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode>;
  /** The app asked to be closed. */
  closeRequested(): void;
  /** The frame left the app's document (its CSP cannot stop that). */
  navigatedAway(): void;
}

/** What {@link AppSession} needs. */
export interface AppSessionOptions {
  /** The app's frame, already in the document (its window exists before the app's HTML loads). */
  frame: HTMLIFrameElement;
  item: McpAppContent;
  apps: McpApps;
  /** The CSP the app's resource declared and the permissions the visitor granted (told to the app as the host's sandbox). */
  sandbox: { csp: McpAppCsp; permissions: Record<string, object> };
  context: McpUiHostContext;
  /** Names the app for its model context (one entry per stage). */
  key: string;
  initTimeoutMs: number;
  handlers: AppSessionHandlers;
}

const HOST_INFO = { name: 'agent-chat', version: '0.1.0' };

/**
 * One MCP App on one stage: an `AppBridge` over `postMessage` with the app's frame. It answers the app's
 * requests (tool calls to its own server, messages, links, model context, display mode, size), sends
 * the tool's input and result once the app says `initialized`, and closes the app on {@link close}.
 */
export class AppSession {
  readonly bridge: AppBridge;
  readonly #options: AppSessionOptions;
  readonly #calls = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(options: AppSessionOptions) {
    this.#options = options;
    const { apps, item, handlers } = options;
    this.bridge = new AppBridge(
      null,
      HOST_INFO,
      {
        openLinks: {},
        serverTools: {},
        logging: {},
        message: { text: {} },
        updateModelContext: { text: {} },
        sandbox: options.sandbox,
      },
      { hostContext: options.context },
    );
    const bridge = this.bridge;
    bridge.oncalltool = async (params) => {
      try {
        return (await apps.callTool(
          item.serverId,
          params.name,
          params.arguments ?? {},
          this.#calls.signal,
        )) as never;
      } catch (error) {
        return { content: [{ type: 'text', text: messageOf(error) }], isError: true };
      }
    };
    bridge.onmessage = async (params) => {
      const text = textOf(params.content);
      return text && (await handlers.message(text)) ? {} : { isError: true };
    };
    bridge.onopenlink = async ({ url }) =>
      /^https?:\/\//i.test(url) && (await handlers.openLink(url)) ? {} : { isError: true };
    bridge.onupdatemodelcontext = async (params) => {
      const parts = [textOf(params.content)];
      if (params.structuredContent) parts.push(JSON.stringify(params.structuredContent));
      const text = parts.filter(Boolean).join('\n');
      apps.setModelContext(options.key, text ? `App of ${item.toolName}: ${text}` : undefined);
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const actual = await handlers.displayMode(mode);
      bridge.sendHostContextChange({ displayMode: actual });
      return { mode: actual };
    };
    bridge.onrequestteardown = () => handlers.closeRequested();
    bridge.addEventListener('sizechange', (size) => handlers.size(size));
    bridge.addEventListener('initialized', () => {
      if (this.#closed || this.#timer === undefined) return;
      clearTimeout(this.#timer);
      this.#timer = undefined;
      handlers.initialized();
      // The spec's order: input, then the result, only after the app said it is ready.
      void bridge.sendToolInput({ arguments: item.args }).catch(() => undefined);
      void bridge.sendToolResult(item.result as never).catch(() => undefined);
    });
  }

  /** Connects to the frame, then loads the app's HTML into it; the app has `initTimeoutMs` to answer. */
  async start(html: string): Promise<void> {
    const { frame, handlers, initTimeoutMs } = this.#options;
    const target = frame.contentWindow;
    if (!target) throw new Error('the app frame is not in the document');
    await this.bridge.connect(new PostMessageTransport(target, target));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      handlers.timedOut();
    }, initTimeoutMs);
    frame.srcdoc = html;
    // The first load is the app's document; any later one is the frame going somewhere else.
    let loads = 0;
    frame.addEventListener('load', () => {
      if (++loads > 1 && !this.#closed) handlers.navigatedAway();
    });
  }

  /** Tells the app its context changed (theme, language, size, display mode). */
  contextChanged(change: McpUiHostContext): void {
    if (!this.#closed) void Promise.resolve(this.bridge.sendHostContextChange(change)).catch(() => undefined);
  }

  /**
   * Closes the app: asks it to tear down (briefly, when its frame is still there), stops its tool calls
   * and forgets its model context.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#calls.abort();
    this.#options.apps.setModelContext(this.#options.key, undefined);
    if (this.#options.frame.isConnected)
      await Promise.race([
        this.bridge.teardownResource({}).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
    await this.bridge.close().catch(() => undefined);
  }
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block): block is { type: 'text'; text: string } =>
        block?.type === 'text' && typeof block.text === 'string',
    )
    .map((block) => block.text)
    .join('\n')
    .trim();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
