import type { ReactiveController, ReactiveControllerHost, ReactiveElement } from 'lit';

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
/**
 * Warns once per page about an attribute of `<agent-chat>` that is not one of its own but close to one
 * (`proxy-ulr`, `proxyUrl`), naming the attribute meant. Type checkers cannot catch a hyphenated name in JSX.
 */
export class UnknownAttributesController implements ReactiveController {
  readonly #host: ReactiveControllerHost & ReactiveElement;

  constructor(host: ReactiveControllerHost & ReactiveElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    const known = (this.#host.constructor as typeof ReactiveElement).observedAttributes;
    for (const { name } of this.#host.attributes) {
      if (known.includes(name) || GLOBAL.has(name) || PREFIXED.test(name)) continue;
      // The name search is a lazy chunk: pages without a stray attribute never load it.
      void import('./closest-attribute.js').then(({ warnIfMisspelled }) => warnIfMisspelled(name, known));
    }
  }
}
