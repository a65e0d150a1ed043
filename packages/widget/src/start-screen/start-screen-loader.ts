import { nothing } from 'lit';
import type { AgentChatAttributes } from '../agent-chat.attributes.js';

/** What the start screen needs from the element. */
export interface StartScreenDeps {
  host: AgentChatAttributes;
  /** Sends a prompt as the user's message. */
  send(prompt: string): void;
}

type Chunk = typeof import('./start-screen.js');
let chunk: Chunk | undefined;
let requested = false;
/** Elements that asked before the chunk arrived: each renders again once it has. */
const waiting = new Set<AgentChatAttributes>();

/**
 * The start screen of an empty conversation when the page set `greeting` or `starter-prompts`. Its view
 * is a lazy chunk (pages without one never download it); nothing is shown until it has loaded.
 */
export function renderStartScreen(deps: StartScreenDeps): unknown {
  if (!deps.host.greeting && !deps.host.starterPrompts) return nothing;
  if (chunk) return chunk.renderStartScreen(deps);
  waiting.add(deps.host);
  if (requested) return nothing;
  requested = true;
  import('./start-screen.js').then(
    (loaded) => {
      chunk = loaded;
      for (const host of waiting) host.requestUpdate();
      waiting.clear();
    },
    (error: unknown) => {
      requested = false;
      console.error('<agent-chat>: could not load the start screen', error);
    },
  );
  return nothing;
}
