import type { Tool } from '@agent-chat/core';
import type { ConversationsController } from '../conversations/conversations-controller.js';
import type { AttachmentsPicker } from '../knowledge/attachments-picker.js';
import type { McpServerConfig } from '../shared/widget-config.js';
import type { WidgetHost } from '../shared/widget-host.js';
import type { ScrollFollowController } from '../transcript/scroll-follow.js';
import type { AgentSourceController } from './agent-source-controller.js';
import type { RunController } from './run-controller.js';

/** The attributes sending reads from the element. */
export interface SendHost extends WidgetHost {
  mcpServers: McpServerConfig[] | Error | undefined;
  suggestions: boolean;
  titleMode: 'model' | undefined;
}

/** What sending needs from the element's other controllers. */
export interface SendDeps {
  /** The element: on its first update, a page back from a redirect sign-in sends the message that waited. */
  host: SendHost;
  run: RunController;
  source: AgentSourceController;
  conversations: ConversationsController;
  attachments: AttachmentsPicker;
  scroll: ScrollFollowController;
  /** The element's own tools for the attribute-built agent (knowledge, attachments), once ready. */
  extraTools(): Promise<readonly Tool[]>;
  input(): HTMLTextAreaElement | null;
  fail(error: unknown): void;
}
