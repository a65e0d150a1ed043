import { nothing } from 'lit';
import type { WidgetHost } from '../../shared/widget-host.js';

let view: typeof import('./scroll-to-latest-view.js') | undefined;

/** "Jump to latest"; its view is a lazy chunk, fetched the first time a reader scrolls up during an answer. */
export function renderScrollToLatest(host: WidgetHost, jump: () => void): unknown {
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
