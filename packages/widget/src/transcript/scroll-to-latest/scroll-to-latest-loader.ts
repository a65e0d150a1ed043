import { nothing } from 'lit';
import type { AgentChatAttributes } from '../../element/agent-chat.attributes.js';

let view: typeof import('./scroll-to-latest-view.js') | undefined;

/** "Jump to latest"; its view is a lazy chunk, fetched the first time a reader scrolls up during an answer. */
export function renderScrollToLatest(host: AgentChatAttributes, jump: () => void): unknown {
  if (view) return view.renderScrollToLatest(host, jump);
  import('./scroll-to-latest-view.js').then(
    (loaded) => {
      view = loaded;
      host.requestUpdate();
    },
    () => {},
  );
  return nothing;
}
