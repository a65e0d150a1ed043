/** Every text `<agent-chat>` shows; override any of them with the `strings` property. */
export interface AgentChatStrings {
  conversation: string;
  message: string;
  placeholder: string;
  send: string;
  stop: string;
  stopped: string;
  /** After an answer whose stream was cut and could not be finished. */
  interrupted: string;
  /** Shown in place of an answer the model left empty (e.g. it only thought, in a `<think>` it never closed). */
  emptyAnswer: string;
  /** Label of a message an MCP App sent to the chat (with the visitor's yes). */
  fromApp: string;
  regenerate: string;
  editLast: string;
  /** "Jump to latest" while an answer streams below a reader who scrolled up; default texts load with it. */
  jumpToLatest?: string;
  /** While a dropped connection is resumed ("Reconnecting…"); the default loads with resumable runs. */
  reconnecting?: string;
  /** The label of the follow-up questions (attribute `suggestions`); the default loads with them. */
  suggestedQuestions?: string;
  /** A Mermaid diagram's source, under its drawing; the default loads with the first diagram. */
  diagramSource?: string;
  /** In place of a diagram that could not be drawn; `{error}` is why. */
  diagramFailed?: string;
  /** The drawn diagram's text alternative. */
  diagramAlt?: string;
  /** The label of an answer's footnotes; the default loads with the first footnote. */
  footnotes?: string;
  attach: string;
  removeAttachment: string;
  using: string;
  used: string;
  failed: string;
  running: string;
  failedStatus: string;
  done: string;
  arguments: string;
  result: string;
  workflow: string;
  parallel: string;
  after: string;
  skipped: string;
  fallback: string;
  answer: string;
  submit: string;
  approve: string;
  deny: string;
  approvalQuestion: string;
  approved: string;
  denied: string;
  answered: string;
  downloading: string;
  compiling: string;
  modelReady: string;
  cancel: string;
  retry: string;
  storageLow: string;
  modelDecided: string;
  conversations: string;
  newConversation: string;
  /** The connected-accounts menu (MCP servers the user signs in to); default texts load with it. */
  accounts?: string;
  /** `{name}`: the server. */
  connect?: string;
  notNow?: string;
  signOut?: string;
  connected?: string;
  notConnected?: string;
  /** `{scopes}`: the scopes granted or asked for. */
  accountScopes?: string;
  /** `{name}`: a server that needs the user's sign-in before its tools can be used. */
  signInNeeded?: string;
  /** Copy and feedback under answers; default texts load with them. */
  copy?: string;
  copyCode?: string;
  copied?: string;
  copyFailed?: string;
  goodAnswer?: string;
  badAnswer?: string;
  feedbackComment?: string;
  sendFeedback?: string;
  feedbackThanks?: string;
  /** Editing an earlier message and switching between the versions (branches) of a turn. */
  editMessage?: string;
  saveEdit?: string;
  branches?: string;
  previousBranch?: string;
  nextBranch?: string;
  /** The conversation list's search box, and what it says when nothing matches; defaults load with the list. */
  searchConversations?: string;
  noConversationFound?: string;
  /** The start screen's list of starter prompts; default texts load with it. */
  starterPrompts?: string;
  rename: string;
  delete: string;
  export: string;
  open: string;
  untitled: string;
  close: string;
  renamePrompt: string;
  notConfigured: string;
  cannotRespond: string;
  toolsLoaded: string;
  toolsLoadedOnCall: string;
  atTurn: string;
  /** Limit notices (`{wait}`, `{time}`); their defaults load with the notice (limit-notice-text.ts). */
  rateLimited?: string;
  rateLimitedSoon?: string;
  creditsExhausted?: string;
  creditsExhaustedLater?: string;
  /** Launcher, panel and voice texts; their defaults load with those parts (display-text.ts). */
  openChat?: string;
  closeChat?: string;
  chatTitle?: string;
  resizeChat?: string;
  /** `{count}`: answers that arrived while the chat was closed. */
  unread?: string;
  dictate?: string;
  stopDictation?: string;
  micDenied?: string;
  micFailed?: string;
  readAloud?: string;
  stopReading?: string;
  /** Spoken instead of a code block / a table (`{rows}`) by read-aloud. */
  codeSpoken?: string;
  tableSpoken?: string;
  /** Summary of the reasoning disclosure while the model thinks. */
  thinking: string;
  /** Summary once it is done: `{duration}`, e.g. `2.4 s`. */
  thoughtFor: string;
  /** A `knowledge` document that could not be indexed; `{detail}` names it and says why. */
  knowledgeSkipped: string;
  exportRunLog: string;
  /** A stage of an earlier turn, shown collapsed after a reload. */
  restoredStage: string;
}

/** English strings: the defaults. `{name}`-style placeholders are filled in by {@link format}. */
export const EN: AgentChatStrings = {
  conversation: 'Conversation',
  message: 'Message',
  placeholder: 'Write a message…',
  send: 'Send',
  stop: 'Stop',
  stopped: '(stopped)',
  interrupted: '(interrupted: the answer is incomplete)',
  emptyAnswer: 'The model gave no answer.',
  fromApp: 'Sent by the app of {tool}',
  regenerate: 'Regenerate',
  editLast: 'Edit last message',
  attach: 'Attach a file',
  removeAttachment: 'Remove {name}',
  using: 'Using {name}',
  used: 'Used {name}',
  failed: '{name} failed',
  running: 'running',
  failedStatus: 'failed',
  done: 'done',
  arguments: 'Arguments',
  result: 'Result',
  workflow: 'Plan: {goal}',
  parallel: 'Step group {n} (in parallel)',
  after: 'after {steps}',
  skipped: 'skipped',
  fallback: 'fallback',
  answer: 'Your answer',
  submit: 'Submit',
  approve: 'Approve',
  deny: 'Deny',
  approvalQuestion: 'Allow {name} to run?',
  approved: 'Approved',
  denied: 'Denied',
  answered: 'Answered',
  downloading: 'Downloading {model}',
  compiling: 'Preparing {model}',
  modelReady: '{model} is ready',
  cancel: 'Cancel',
  retry: 'Retry',
  storageLow: 'Not enough storage for {model}: {needed} needed, {free} free.',
  modelDecided: 'Answering with {model}: {reason}',
  conversations: 'Conversations',
  newConversation: 'New conversation',
  rename: 'Rename',
  delete: 'Delete',
  export: 'Export',
  open: 'Open',
  untitled: 'Untitled',
  close: 'Close',
  renamePrompt: 'New title',
  notConfigured:
    'This chat is not configured yet. Set the proxy-url and model attributes, or the .agent property to an agent made with createAgent() from @agent-chat/core.',
  cannotRespond: 'This agent cannot take answers (it has no respond method).',
  toolsLoaded: 'Loaded {count} tool(s)',
  toolsLoadedOnCall: 'Loaded {count} tool(s) on first call',
  atTurn: 'turn {turn}',
  thinking: 'Thinking…',
  thoughtFor: 'Thought for {duration}',
  knowledgeSkipped: 'Not searchable: {detail}',
  exportRunLog: 'Export run log (JSONL)',
  restoredStage: 'earlier',
};

/** The built-in translations, each its own chunk, and those loaded so far. */
