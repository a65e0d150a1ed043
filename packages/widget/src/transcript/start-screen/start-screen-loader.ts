import { nothing } from 'lit';
import type { StartScreenDeps } from './start-screen-deps.js';

export type { StartScreenDeps } from './start-screen-deps.js';

let view: typeof import('./start-screen.js') | undefined;

/**
 * The start screen of an empty conversation when the page set `greeting` or `starter-prompts`. Its view
 * is a lazy chunk (pages without one never download it); nothing is shown until it has loaded. Each
 * element that asks before then renders again once it has (the browser fetches the module once).
 */
export function renderStartScreen(deps: StartScreenDeps): unknown {
  if (!deps.host.greeting && !deps.host.starterPrompts) return nothing;
  if (view) return view.renderStartScreen(deps);
  import('./start-screen.js').then(
    (loaded) => {
      view = loaded;
      deps.host.requestUpdate();
    },
    (error: unknown) => console.error('<agent-chat>: could not load the start screen', error),
  );
  return nothing;
}
