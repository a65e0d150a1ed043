// The lazy half of the attribute check (attribute-check.ts): which stray names are worth a warning.
import { warnIfMisspelled } from './closest-attribute.js';

/** Attributes every HTML element takes, and those frameworks add (Angular's `_ngcontent-…`, `ng-reflect-…`). */
const GLOBAL = new Set([
  'accesskey',
  'autocapitalize',
  'autofocus',
  'class',
  'contenteditable',
  'dir',
  'draggable',
  'enterkeyhint',
  'exportparts',
  'hidden',
  'id',
  'inert',
  'inputmode',
  'is',
  'itemid',
  'itemprop',
  'itemref',
  'itemscope',
  'itemtype',
  'nonce',
  'part',
  'popover',
  'role',
  'slot',
  'spellcheck',
  'style',
  'tabindex',
  'title',
  'translate',
]);
const PREFIXED = /^(aria-|data-|on|_ng|ng-|x-|v-|:|@)/;

/** Attributes of the element read when needed rather than observed (tool-view/tool-view-config.ts). */
const READ_LAZILY = ['tool-views'];

/** Warns about each of `names` that is not a global or framework attribute but close to one of `known`. */
export function warnMisspelled(names: readonly string[], known: readonly string[]): void {
  const all = [...known, ...READ_LAZILY];
  for (const name of names)
    if (!GLOBAL.has(name) && !PREFIXED.test(name) && !READ_LAZILY.includes(name)) warnIfMisspelled(name, all);
}
