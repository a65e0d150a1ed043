import { html, type TemplateResult } from 'lit';
import { type AgentChatStrings, format } from '../i18n/strings.js';
import type { Attachments } from './attachments.js';

// Loaded with the first attached file (attachments-picker.ts): the list of files waiting to be sent.

/** The pending files, each with its remove button. */
export function renderAttachments(
  files: Attachments,
  strings: AgentChatStrings,
  remove: (name: string) => void,
): TemplateResult {
  return html`<ul class="attachments" aria-label=${strings.attach}>
    ${files.pending.map(
      (a) => html`<li part="attachment">${a.name}
        <button type="button" aria-label=${format(strings.removeAttachment, { name: a.name })}
          @click=${() => remove(a.name)}>×</button></li>`,
    )}
  </ul>`;
}
