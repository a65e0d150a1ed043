// The element's collaborators, created in one place, in dependency order, each from a deps object.
import type { AgentEvent } from '@agent-chat/core';
import { AgentSourceController } from '../agent/agent-source-controller.js';
import { LimitNotice } from '../agent/limit-notice.js';
import { PendingRequestsController } from '../agent/pending-requests.js';
import { RunController } from '../agent/run-controller.js';
import { emitFailure } from '../agent/run-events.js';
import { SendController } from '../agent/send-controller.js';
import { AnswerActionsLoader } from '../answers/actions/answer-actions-loader.js';
import { ConversationsController } from '../conversations/conversations-controller.js';
import { databaseName } from '../conversations/default-store.js';
import type { AgentChatStrings } from '../i18n/strings.js';
import { ATTACHED_NOTE } from '../knowledge/attachments.js';
import { AttachmentsPicker } from '../knowledge/attachments-picker.js';
import { KnowledgeLoader } from '../knowledge/knowledge-loader.js';
import { AccountsController } from '../mcp/accounts/accounts-controller.js';
import { ExtrasController } from '../transcript/extras-controller.js';
import { ItemView } from '../transcript/item-view.js';
import { ScrollFollowController } from '../transcript/scroll-follow.js';
import type { AgentChatAttributes } from './agent-chat.attributes.js';

/** What the element gives its parts: itself, and its own reactions and texts. */
export interface PartsHost {
  host: AgentChatAttributes;
  /** Sees every run event (after the transcript has it). */
  onAgentEvent: (event: AgentEvent) => void;
  strings: () => AgentChatStrings;
}

export type ElementParts = ReturnType<typeof createParts>;

/**
 * Creates the element's controllers and views, each after what it needs: the run first, then the
 * conversations and knowledge that read it, attachments, accounts, the agent source, scrolling, sending,
 * the answers' actions, the lazy extras (display modes, voice) and the requests runs wait on.
 */
export function createParts({ host, onAgentEvent, strings }: PartsHost) {
  const run = new RunController({ host, onEvent: onAgentEvent });
  const fail = (error: unknown): void => {
    run.fail(error);
    emitFailure(host, error, run.error ?? String(error));
  };
  const input = (): HTMLTextAreaElement | null => host.renderRoot.querySelector('textarea#input');
  const focus = (): void => input()?.focus();
  const limit = new LimitNotice({ host });
  const view = new ItemView();
  const conversations = new ConversationsController({
    host,
    run,
    fail,
    focus,
    exportRunLog: (id) => void source.downloadRunLog(id).catch(fail),
  });
  const knowledge = knowledgeOf(host, run);
  const attachments = new AttachmentsPicker({ host, knowledge, fail, focus });
  const accounts = new AccountsController({ host });
  const source: AgentSourceController = new AgentSourceController({
    host,
    files: () => attachments.files.sent.map((file) => ({ name: file.name, data: file })),
    beforeRun: (hub) => accounts.gate(hub),
    pendingTurn: (): unknown => send.pendingTurn,
  });
  const scroll = new ScrollFollowController({
    host,
    log: () => host.renderRoot.querySelector<HTMLElement>('[part~="log"]'),
  });
  const send: SendController = new SendController({
    host,
    run,
    source,
    conversations,
    attachments,
    scroll,
    extraTools: () => knowledge.tools(),
    input,
    fail,
  });
  const answerActions = new AnswerActionsLoader({
    host,
    run,
    conversations,
    send,
    source,
    input,
    fail,
    store: () => conversations.store,
    strings,
  });
  const extras = new ExtrasController({ host, items: () => run.transcript });
  const requests = new PendingRequestsController({
    host,
    run,
    source,
    fail,
    focus,
    cannotRespond: () => strings().cannotRespond,
  });
  return {
    run,
    fail,
    input,
    focus,
    limit,
    view,
    conversations,
    knowledge,
    attachments,
    accounts,
    source,
    scroll,
    send,
    answerActions,
    extras,
    requests,
  };
}

/** The knowledge base of the element's conversations, in a database beside theirs. */
function knowledgeOf(host: AgentChatAttributes, run: RunController): KnowledgeLoader {
  return new KnowledgeLoader({
    host,
    databaseName: () => `${databaseName(host)}:knowledge`,
    conversationId: () => run.conversationId,
    hasAttachments: () =>
      run.transcript.some((item) => item.kind === 'user' && item.text.includes(ATTACHED_NOTE)),
  });
}
