import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The source of axe-core (a dev dependency of the widget), to add to a page with `addScriptTag({ content })`. */
export const axeSource = readFileSync(
  join(import.meta.dirname, '../../packages/widget/node_modules/axe-core/axe.min.js'),
  'utf8',
);
