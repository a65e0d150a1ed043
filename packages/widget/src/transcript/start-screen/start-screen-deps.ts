import type { WidgetHost } from '../../shared/widget-host.js';
import type { StarterPromptsInput } from './starter-prompts.js';

/** What the start screen needs from the element. */
export interface StartScreenDeps {
  host: WidgetHost & { greeting: string | undefined; starterPrompts: StarterPromptsInput | undefined };
  /** Sends a prompt as the user's message. */
  send(prompt: string): void;
}
