import type { ReactiveElement } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';

/**
 * The element as its features see it: a Lit element with the page's string overrides. `AgentChatAttributes`
 * is one; a feature that reads more attributes adds them to its own host type, so no feature imports the
 * element (docs/adr/0009-widget-layers.md).
 */
export interface WidgetHost extends ReactiveElement {
  strings: Partial<AgentChatStrings> | undefined;
}
