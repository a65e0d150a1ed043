import type { ChatAgent, ConversationStore, TransformersEmbedderOptions } from '@agent-chat/core';
import { LitElement } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';
import { type McpServerConfig, parseMcpServers } from '../shared/widget-config.js';
import type { PageTool } from '../tools/page-tools.js';
import type { StarterPromptsInput } from '../transcript/start-screen/starter-prompts.js';

/** An agent that takes answers to `clarify.request` / `approval.request`: core's `ChatAgent` (`createAgent`'s and `remoteAgent`'s). */
export type RespondingAgent = ChatAgent;

/**
 * The configuration surface of `<agent-chat>`: every attribute and property a page sets. The element
 * (`agent-chat.component.ts`) extends it with the behaviour; keeping them apart keeps each readable.
 *
 * The launcher / panel modes, voice, the start screen, copy, feedback and search are documented here, beside
 * their attributes:
 * @event agent-chat-open - The launcher's or panel's chat opened (button, `open()`, `toggle()`).
 * @event agent-chat-close - It closed (close button, Esc, `close()`, `toggle()`).
 * @csspart launcher - `mode="launcher"`/`"panel"`: the floating button that opens the chat (`aria-expanded`).
 * @csspart launcher-badge - How many answers arrived while the chat was closed.
 * @csspart panel - The launcher's dialog or the docked panel around the chat.
 * @csspart panel-header - Its title bar.
 * @csspart close - Its close button.
 * @csspart resize-handle - `mode="panel"`: drag it (or focus it and press ←/→) to resize the panel.
 * @csspart error-retry - After a retryable error (a cut stream, a failing backend): asks the failed question again (the failed turn leaves the history).
 * @csspart microphone - `voice-input`: starts / stops dictation (`aria-pressed`).
 * @csspart voice-notice - Why dictation stopped, e.g. the microphone permission was denied.
 * @csspart read-aloud - `voice-output`: reads an answer aloud; "Stop reading" while it speaks.
 * @event agent-chat-feedback - The user rated an answer; `detail: { conversationId, messageId, runId, rating, comment? }`.
 * @csspart start-screen - Shown while the conversation is empty, with `greeting` and `starter-prompts`.
 * @csspart greeting - The `greeting` text.
 * @csspart starter-prompt - One starter prompt (a button; a click sends its prompt).
 * @csspart suggestions - With `suggestions`: the follow-up questions under the last answer (`role="group"`).
 * @csspart suggestion - One follow-up question (a button; a click sends it).
 * @csspart copy - Copies an answer's Markdown; the line beside it says "Copied" or "Couldn't copy" (`role="status"`).
 * @csspart code-copy - Copies a code block's code (in each code block of a finished answer).
 * @csspart feedback-up - Rates an answer as good (`aria-pressed` once rated).
 * @csspart feedback-down - Rates it as bad: opens the comment box first.
 * @csspart feedback-comment - The optional comment box of a bad rating (`<form>`).
 * @csspart feedback-send - Sends the bad rating with its comment.
 * @csspart transcript-notice - Tells the visitor that the site keeps transcripts (shown when the proxy has `TRANSCRIPTS="on"`; worded by `transcript-notice`).
 * @csspart reconnecting - Shown while a dropped connection is resumed ("Reconnecting…"); the element also has the `reconnecting` attribute then.
 * @csspart resume-regenerate - After a reload, when the proxy (or the `agent-url` backend) no longer keeps the interrupted answer: asks again.
 * @csspart scroll-to-latest - "Jump to latest": shown while an answer streams and the reader has scrolled up.
 * @csspart conversation-search - The search box of the conversation list (titles and message text).
 * @csspart conversation-time - When a conversation last changed, in the list (shown on hover and focus).
 * Rich content of tool calls (in their stages):
 * @csspart content-text - Text from a tool.
 * @csspart content-markdown - Markdown from a tool (sanitized).
 * @csspart content-image - An image from a tool.
 * @csspart content-figure - An image with its Open / Download links.
 * @csspart image-open - Opens a raster image full size in a new tab.
 * @csspart image-download - Downloads an image.
 * @csspart stage-code - The code of a `python` stage, highlighted.
 * @csspart stage-output - What a `python` stage printed, spacing kept.
 * @csspart content-audio - Audio from a tool.
 * @csspart content-table - A table from a tool.
 * @csspart content-chart - A chart from a tool (SVG).
 * @csspart content-json - A JSON viewer (nested `<details>`).
 * @csspart content-resource - A resource (file) from a tool or MCP server.
 * @csspart content-html - An MCP-App style widget, in a sandboxed iframe.
 * @csspart mcp-app - An MCP App in its tool's stage; `data-state` is its state, `data-mode` `inline`, `fullscreen` or `pip`.
 * @csspart mcp-app-frame - The app's sandboxed frame (opaque origin, the resource's declared CSP).
 * @csspart mcp-app-notice - What happened to the app (loading, timed out, closed, a resource that could not be shown).
 * @csspart mcp-app-exit - Leaves the app's fullscreen mode.
 * Tool views (`tool-views` / `toolViews`):
 * @csspart tool-view - The box around a tool's own view in its stage; it sets the theme's resolved colours as `--agent-chat-*` for the view.
 * @csspart tool-view-notice - Says a tool's view could not be shown (undefined element, a setter that threw); the stage shows the call as it is.
 * @csspart widget - A tool's declarative widget (`{ kind: 'widget' }` content: cards, lists, rows, text, images, badges, buttons), drawn with the chat's theme.
 * @event agent-chat-action - Dispatched by a tool's view (bubbling, composed), heard by the chat: `detail` `{ type: 'send', text }` or `{ type: 'call-tool', name, args }`.
 * @csspart mcp-app-prompt - Asks the visitor before the app opens a link or sends further messages.
 * @csspart mcp-app-allow - Allows what the app asked.
 * @csspart mcp-app-deny - Refuses it.
 * @csspart mcp-app-block - Refuses this app's further messages.
 * @csspart regenerate - Under the conversation when its last turn has no answer text: asks the last question again in a new branch (the old answer stays as a branch).
 * @csspart edit - Beside `regenerate`: opens the last message's editor (sending it keeps the old turn as a branch).
 * @csspart edit-message - Under each user message: opens its editor; sending the edit keeps the old turn as a branch.
 * @csspart message-editor - The editor of a user message (`<form>`).
 * @csspart edit-save - Sends the edited message (a new branch from that turn).
 * @csspart regenerate-answer - Under the last answer of each turn: asks that question again in a new branch.
 * @csspart branch-prev - Shows the previous version (branch) of a turn.
 * @csspart branch-next - Shows the next version of a turn.
 * @csspart branch-status - Which version of the turn is shown, "2 / 3".
 * @cssprop --agent-chat-panel-width - Width of the launcher's panel and the docked panel; default 24rem.
 * @cssprop --agent-chat-panel-space - Set by the element on `<html>`: the room the open docked panel takes (`0px` otherwise), for the page's margin.
 * @cssprop --agent-chat-launcher-size - Diameter of the launcher button; default 3.5rem.
 * @cssprop --agent-chat-launcher-offset - Distance of the launcher from the corner; default 1.25rem.
 * @cssprop --agent-chat-z-index - Stacking of the launcher and panel; default 2147483000.
 */
export class AgentChatAttributes extends LitElement {
  static override properties = {
    proxyUrl: { type: String, attribute: 'proxy-url' },
    agentUrl: { type: String, attribute: 'agent-url' },
    agentProtocol: { type: String, attribute: 'agent-protocol' },
    agentHeaders: { type: String, attribute: 'agent-headers' },
    provider: { type: String },
    model: { type: String },
    reasoningEffort: { type: String, attribute: 'reasoning-effort' },
    systemPrompt: { type: String, attribute: 'system-prompt' },
    mcpServers: { attribute: 'mcp-servers', converter: { fromAttribute: parseMcpServersSafe } },
    conversationId: { type: String, attribute: 'conversation-id' },
    codeInterpreter: { type: Boolean, attribute: 'code-interpreter' },
    pyodideUrl: { type: String, attribute: 'pyodide-url' },
    pyodidePackagesUrl: { type: String, attribute: 'pyodide-packages-url' },
    imageModel: { type: String, attribute: 'image-model' },
    turnstileSiteKey: { type: String, attribute: 'turnstile-site-key' },
    theme: { type: String, reflect: true },
    lang: { type: String },
    mode: { type: String, reflect: true },
    position: { type: String },
    voiceInput: { type: Boolean, attribute: 'voice-input' },
    voiceOutput: { type: String, attribute: 'voice-output' },
    autoCollapse: {
      attribute: 'auto-collapse',
      converter: { fromAttribute: (value: string | null) => value !== 'false' },
    },
    knowledge: { type: String },
    embedder: { type: String },
    embedderOptions: { attribute: false },
    memory: { type: String },
    workflows: { type: Boolean },
    clarify: { type: Boolean },
    reflect: { type: Boolean },
    tokenUrl: { type: String, attribute: 'token-url' },
    greeting: { type: String },
    starterPrompts: { attribute: 'starter-prompts' },
    feedback: {
      converter: { fromAttribute: (value: string | null) => value !== 'off' && value !== 'false' },
    },
    titleMode: { type: String, attribute: 'title-mode' },
    suggestions: { type: Boolean },
    strings: { attribute: false },
    tools: { attribute: false },
    // A property (React 19 and Vue set properties only where the element has them); `tool-views` is read lazily.
    toolViews: { attribute: false },
    agent: { attribute: false },
    store: { attribute: false },
  };

  /** Origin of the agent-chat proxy (attribute `proxy-url`); the model endpoint is `${proxyUrl}/v1`. */
  declare proxyUrl: string | undefined;
  /** An agent on another server (attribute `agent-url`): an AI SDK chat route or an AG-UI endpoint. */
  declare agentUrl: string | undefined;
  /** How `agent-url` speaks (attribute `agent-protocol`): `ai-sdk` or `ag-ui`. */
  declare agentProtocol: string | undefined;
  /** Static headers for `agent-url` as JSON (attribute `agent-headers`), e.g. `{"x-site":"shop"}`. */
  declare agentHeaders: string | undefined;
  /**
   * Provider (attribute `provider`): `openai` (any OpenAI-compatible API behind the proxy), `anthropic`
   * (Claude through the proxy's `/v1/messages`; `reasoning-effort` sets its thinking budget), or `built-in`
   * (the browser's own model, Chrome's Prompt API; with `proxy-url` and `model` the proxy's model is the
   * fallback where the browser has none).
   */
  declare provider: string | undefined;
  /** How hard a reasoning model thinks (attribute `reasoning-effort`): `minimal`, `low`, `medium` or `high`. */
  declare reasoningEffort: string | undefined;
  /** Model name the proxy allows, e.g. `gpt-4o-mini` (attribute `model`). */
  declare model: string | undefined;
  /** Instructions sent with every model call, never stored in the conversation (attribute `system-prompt`). */
  declare systemPrompt: string | undefined;
  /** MCP servers reached through the proxy (attribute `mcp-servers`, JSON `[{"id":"…"}]`). */
  declare mcpServers: McpServerConfig[] | Error | undefined;
  /** The conversation shown and continued (attribute `conversation-id`); restored after a reload. */
  declare conversationId: string | undefined;
  /**
   * Gives the model a Python interpreter that runs in the visitor's browser, sandboxed away from the page
   * (attribute `code-interpreter`); attached files are readable at `/data/<name>`.
   */
  declare codeInterpreter: boolean;
  /** Where the files of the npm package `pyodide` are served (attribute `pyodide-url`); default the Pyodide CDN. */
  declare pyodideUrl: string | undefined;
  /**
   * Where the interpreter loads packages beyond the standard library from (attribute `pyodide-packages-url`),
   * or `none`; default the Pyodide CDN at the runtime's version. Never the page's own origin.
   */
  declare pyodidePackagesUrl: string | undefined;
  /** Image model for the `generate_image` tool, through the proxy's images route (attribute `image-model`). */
  declare imageModel: string | undefined;
  /**
   * Cloudflare Turnstile site key (attribute `turnstile-site-key`): the visitor passes a bot check, which
   * the proxy (with `TURNSTILE_SECRET_KEY`) trades for a short-lived client token used for every call.
   */
  declare turnstileSiteKey: string | undefined;
  /** `light`, `dark` or `auto` (default: follows `prefers-color-scheme`). */
  declare theme: 'light' | 'dark' | 'auto' | undefined;
  /** Language of the built-in strings (`en`, `fr`, `de`); others fall back to English. */
  declare lang: string;
  /**
   * How the chat shows on the page (attribute `mode`): `inline` (default, where the element is),
   * `launcher` (a floating button that opens a chat panel; full screen under 480 px) or `panel` (docked
   * to a side, resizable). Any other value falls back to `inline` with a console warning.
   */
  declare mode: string | undefined;
  /** Corner of the launcher / side of the panel (attribute `position`): `bottom-right` (default) or `bottom-left`. */
  declare position: string | undefined;
  /** A microphone button for dictation where the browser has the Web Speech API (attribute `voice-input`). */
  declare voiceInput: boolean;
  /**
   * Read answers aloud through `speechSynthesis` (attribute `voice-output`): `button` adds a "Read aloud"
   * control to each answer, `auto` also reads each answer as it finishes.
   */
  declare voiceOutput: string | undefined;
  /** Close each stage when its tool call ends (attribute `auto-collapse="false"` keeps them open). */
  declare autoCollapse: boolean;
  /**
   * Documents of the site the model searches with `rag_search` (attribute `knowledge`): space-separated
   * URLs of Markdown, HTML, PDF, text or CSV files, or of a JSON manifest `{"documents":[{"url","title"}]}`.
   * Indexed into IndexedDB; a document is downloaded again only when it changed.
   */
  declare knowledge: string | undefined;
  /**
   * Adds vectors to the `knowledge` base (attribute `embedder`): `transformers` embeds the documents with a
   * transformers.js model in a Web Worker (downloaded once, progress shown in the chat; a lazy chunk) and
   * `rag_search` fuses keyword and vector hits (hybrid search). Without it, or with an unknown value (a
   * console warning names the valid ones), search is by keywords. Read when the knowledge base opens.
   */
  declare embedder: string | undefined;
  /**
   * Options of core's `transformersEmbedder` for `embedder="transformers"`, e.g. a self-hosted model
   * `{ localModelPath: '/models/', allowRemoteModels: false, wasmPaths }`; default the Hugging Face Hub's
   * `Xenova/all-MiniLM-L6-v2` and onnxruntime's CDN files.
   */
  declare embedderOptions: TransformersEmbedderOptions | undefined;
  /**
   * Dual-track memory (summaries plus `retrieve_full_context`): on unless `memory="off"` (with
   * `provider="built-in"` only when the attribute is present).
   */
  declare memory: string | undefined;
  /** Lets the model plan multi-step workflows (`plan_workflow`). */
  declare workflows: boolean;
  /** Lets the model ask the user a question (`ask_user`). */
  declare clarify: boolean;
  /** Lets the model rate tool results before it answers (reflection). */
  declare reflect: boolean;
  /**
   * The site's endpoint that hands out a short-lived client token for the proxy (attribute `token-url`):
   * it answers `{"token":"…"}` (optionally `expiresAt` in ms or `expiresIn` in seconds), and the element
   * renews the token before it expires.
   */
  declare tokenUrl: string | undefined;
  /** A greeting shown above the starter prompts while the conversation is empty (attribute `greeting`). */
  declare greeting: string | undefined;
  /**
   * Suggestions shown while the conversation is empty; a click sends one (attribute `starter-prompts`, JSON):
   * strings, or `{ "label", "prompt", "icon"? }` objects (`icon`: a short text such as an emoji). Malformed
   * JSON shows none and warns in the console.
   */
  declare starterPrompts: StarterPromptsInput | undefined;
  /**
   * Thumbs up / down under each answer (a comment box on down), sent as `agent-chat-feedback` and kept
   * with the message; `feedback="off"` removes them.
   */
  declare feedback: boolean;
  /**
   * How a conversation gets its title: the first line of its first message (default), or `"model"`: after
   * the first answer, one short model call (no tools, a few tokens) names it.
   */
  declare titleMode: 'model' | undefined;
  /**
   * Up to three follow-up questions under an answer that completed (not after an error or an approval),
   * from one short model call; a click sends one. Off by default.
   */
  declare suggestions: boolean;
  /** Overrides for any of the texts shown, e.g. `{ send: 'Go' }`. */
  declare strings: Partial<AgentChatStrings> | undefined;
  /**
   * Tools of the page the model may call: made with `defineTool`, or plain `{ name, description,
   * parameters, execute }` objects. Assign a new array to change them; used from the next message on.
   */
  declare tools: readonly PageTool[];
  /**
   * The page's own elements for tool calls (attribute `tool-views`, JSON): tool name → tag of a custom element
   * the page defines, e.g. `{ "search_products": "tea-results" }`. Each call of the tool gets one such element
   * in its stage, with `toolName`, `callId`, `status`, `input`, `result` and `error` set as the call goes on;
   * it acts with an `agent-chat-action` event. The attribute is read when a stage is drawn (no code for it in
   * the main entry); setting the property draws the stages again.
   */
  declare toolViews: Readonly<Record<string, string>> | undefined;
  /** An agent built in JS with `createAgent`; when set, it is used and the attributes are ignored. */
  declare agent: RespondingAgent | undefined;
  /**
   * Where conversations are kept when the agent is built from attributes; default IndexedDB (database
   * `agent-chat`, or `agent-chat:<id>` for an element with an id), in memory where IndexedDB is unavailable.
   */
  declare store: ConversationStore | undefined;

  constructor() {
    super();
    this.tools = [];
    this.autoCollapse = true;
    this.workflows = false;
    this.clarify = false;
    this.reflect = false;
    this.codeInterpreter = false;
    this.voiceInput = false;
    this.feedback = true;
  }
}

/** A bad `mcp-servers` value is kept as its error and reported when the agent is built. */
function parseMcpServersSafe(value: string | null): McpServerConfig[] | Error {
  try {
    return parseMcpServers(value);
  } catch (error) {
    return error as Error;
  }
}
