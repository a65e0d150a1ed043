import { html, type TemplateResult } from 'lit';
import { format } from '../i18n/strings.js';
import { formatDuration, type ViewContext } from '../shared/view-context.js';
import type { ReasoningItem } from '../transcript-model/transcript-items.js';

/**
 * The "Thinking…" disclosure of one answer: open while the model thinks, with its reasoning streaming in;
 * closed once the answer starts (the reader can open it again), its summary saying how long it took.
 * `open` is bound, not reflected: Lit changes it only when `done` flips, so a reader's click sticks.
 */
export function renderReasoning(item: ReasoningItem, ctx: ViewContext): TemplateResult {
  const summary = item.done
    ? format(ctx.strings.thoughtFor, { duration: formatDuration(item.durationMs ?? 0) })
    : ctx.strings.thinking;
  return html`<details part="reasoning" class="reasoning" .open=${!item.done}>
    <summary part="reasoning-summary">${summary}</summary>
    <div class="reasoning-text">${item.text}</div>
  </details>`;
}
