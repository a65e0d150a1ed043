import type { ReactiveElement } from 'lit';

/**
 * Looks at the attributes of each `<agent-chat>` when it connects: names it does not know go to a lazy chunk
 * (unknown-attributes.ts) that warns about a misspelled one. Type checkers cannot catch a hyphenated name in
 * JSX, so this is where `proxy-ulr` is caught. A page whose element carries only its own attributes loads nothing.
 */
export function checkAttributesOnConnect(element: ReactiveElement): void {
  element.addController({
    hostConnected() {
      const known = (element.constructor as typeof ReactiveElement).observedAttributes;
      const stray = element.getAttributeNames().filter((name) => !known.includes(name));
      if (stray[0])
        void import('./unknown-attributes.js').then(({ warnMisspelled }) => warnMisspelled(stray, known));
    },
  });
}
