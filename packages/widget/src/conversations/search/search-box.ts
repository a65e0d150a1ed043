import { html, nothing, type TemplateResult } from 'lit';
import type { SearchText } from './search-text.js';

/** How long typing pauses before the search runs. */
const DEBOUNCE_MS = 120;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * The search box of the conversation list (part `conversation-search`): searches titles and message text
 * as the user types; says so when nothing matches (`role="status"`).
 */
export function renderSearchBox(
  query: string,
  found: number,
  text: SearchText,
  search: (query: string) => void,
): TemplateResult {
  const onInput = (event: InputEvent) => {
    const value = (event.target as HTMLInputElement).value;
    clearTimeout(timer);
    timer = setTimeout(() => search(value), DEBOUNCE_MS);
  };
  return html`<div class="conversation-search">
    <input type="search" part="conversation-search" aria-label=${text.searchConversations}
      placeholder=${text.searchConversations} .value=${query} @input=${onInput}
      @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && search((e.target as HTMLInputElement).value)} />
    <p class="search-status" role="status">${query.trim() && !found ? text.noConversationFound : nothing}</p>
  </div>`;
}
