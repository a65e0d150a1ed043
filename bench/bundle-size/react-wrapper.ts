import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import type { BenchContext } from '../lib/benchmark.ts';
import { BROWSER, bundle } from './esbuild-bundle.ts';

/**
 * The React wrapper's own bytes: `AgentChat` from @agent-chat/widget/react with @lit/react and the event table,
 * without React (the app has it) and without the element it wraps (measured as the widget; the wrapper loads
 * the same modules as `import '@agent-chat/widget'`).
 */
export const REACT_WRAPPER_DESCRIPTION =
  'widget_react_wrapper: what `AgentChat` from @agent-chat/widget/react adds to a React app that already has React ' +
  'and the element (@lit/react, the wrapper, the event table), same esbuild call, react and the element external. ';

/** Marks React and the widget's element modules external, so only the wrapper's own code is counted. */
const wrapperOnly: Plugin = {
  name: 'react-wrapper-only',
  setup(build) {
    build.onResolve({ filter: /^react$|^react\/|(^|\/)agent-chat(\.component)?\.js$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

/** Bundles the wrapper entry. */
export function reactWrapper(_context: BenchContext): Promise<Uint8Array> {
  return bundle(join(import.meta.dirname, 'entries/widget-react.ts'), { ...BROWSER, plugins: [wrapperOnly] });
}
