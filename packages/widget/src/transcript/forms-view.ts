import { html, type TemplateResult } from 'lit';
import { format } from '../i18n/strings.js';
import { previewJson, type ViewContext } from '../shared/view-context.js';
import type { ApprovalItem, ClarifyItem } from '../transcript-model/transcript.js';
import { readSchemaForm, renderSchemaFields } from './schema-form.js';

/**
 * A question from the agent: a free-text answer, or a form generated from its JSON Schema (MCP
 * elicitation). Native controls in a `<form>`: Tab moves between fields, Enter submits.
 */
export function renderClarify(item: ClarifyItem, ctx: ViewContext): TemplateResult {
  const { strings } = ctx;
  const pending = item.state === 'pending';
  const id = `clarify-${cssId(item.id)}`;
  // A server's sign-in request: the accounts UI renders Connect / Not now.
  const signIn = item.signIn ? ctx.renderSignIn?.(item) : undefined;
  if (signIn) return signIn;
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const value = item.schema
      ? readSchemaForm(form, item.schema)
      : (form.elements.namedItem('answer') as HTMLTextAreaElement).value.trim();
    if (value === '') return;
    ctx.answer(item, value);
  };
  return html`<form part="clarify" class="form clarify" data-state=${item.state} aria-labelledby="${id}-q"
    @submit=${onSubmit}>
    <p id="${id}-q" class="question">${item.question}</p>
    <fieldset ?disabled=${!pending}>
      ${
        item.schema
          ? renderSchemaFields(id, item.schema)
          : html`<label class="visually-hidden" for="${id}-answer">${strings.answer}</label>
            <textarea id="${id}-answer" name="answer" rows="2" required @keydown=${submitOnEnter}></textarea>`
      }
      ${pending ? html`<button type="submit" part="form-submit" class="primary">${strings.submit}</button>` : html`<span class="form-state">${strings.answered}</span>`}
    </fieldset>
  </form>`;
}

/** A tool call waiting for approval: what it would run, and Approve / Deny. */
export function renderApproval(item: ApprovalItem, ctx: ViewContext): TemplateResult {
  const { strings } = ctx;
  const id = `approval-${cssId(item.id)}`;
  return html`<div part="approval" class="form approval" role="group" aria-labelledby="${id}-q"
    data-state=${item.state}>
    <p id="${id}-q" class="question">${format(strings.approvalQuestion, { name: item.name })}</p>
    <pre class="stage-args">${previewJson(item.args, 600, 2)}</pre>
    ${
      item.state === 'pending'
        ? html`<div class="actions">
            <button type="button" part="approve" class="primary" @click=${() => ctx.decide(item, true)}>${strings.approve}</button>
            <button type="button" part="deny" @click=${() => ctx.decide(item, false)}>${strings.deny}</button>
          </div>`
        : html`<span class="form-state">${item.state === 'approved' ? strings.approved : strings.denied}</span>`
    }
  </div>`;
}

function submitOnEnter(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
  event.preventDefault();
  (event.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
}

function cssId(id: string): string {
  return id.replace(/[^\w-]/g, '_');
}
