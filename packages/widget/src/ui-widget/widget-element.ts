// The lazy chunk of declarative widgets (content items `{ kind: 'widget' }`): the element that checks and draws
// one. Loaded by widget-content-view.ts with the first widget on the page.
import { checkWidget, type WidgetNode } from '@agent-chat/core';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { widgetStyles } from './widget-styles.js';

/**
 * `<agent-chat-widget>`: a tool's declarative widget, drawn with the chat's styles and theme. The data is
 * untrusted and checked first (core's `checkWidget`); a refused widget shows a notice instead, and the console
 * names the tool and what is wrong. A button dispatches `agent-chat-action` with its action, as a tool's view does.
 */
export class WidgetElement extends LitElement {
  static override styles = widgetStyles;
  static override properties = { widget: { attribute: false }, tool: { attribute: false } };
  declare widget: unknown;
  declare tool: string;
  #reported: unknown;

  protected override render(): TemplateResult {
    const checked = checkWidget(this.widget);
    if (!checked.ok) {
      if (this.#reported !== this.widget) {
        this.#reported = this.widget;
        console.error(`<agent-chat>: the widget from tool "${this.tool}" is not shown: ${checked.problem}.`);
      }
      return html`<p class="notice" role="status">The widget from ${this.tool} could not be shown.</p>`;
    }
    return this.#node(checked.widget);
  }

  #node(node: WidgetNode): TemplateResult {
    switch (node.type) {
      case 'card':
        return html`<div class="card" role="group" aria-label=${node.title ?? nothing}>
          ${node.title ? html`<p class="card-title">${node.title}</p>` : nothing}
          ${node.children.map((c) => this.#node(c))}
        </div>`;
      case 'list':
        return html`<ul class="list">${node.children.map((c) => html`<li>${this.#node(c)}</li>`)}</ul>`;
      case 'row':
        return html`<div class="row">${node.children.map((c) => this.#node(c))}</div>`;
      case 'text':
        return html`<p class="text" data-size=${node.size ?? 'md'} data-weight=${node.weight ?? 'normal'}>${node.text}</p>`;
      case 'image':
        return html`<img src=${node.src} alt=${node.alt} loading="lazy" referrerpolicy="no-referrer" />`;
      case 'badge':
        return html`<span class="badge" data-tone=${node.tone ?? 'neutral'}>${node.text}</span>`;
      case 'button':
        return html`<button type="button" data-variant=${node.variant ?? 'primary'}
          @click=${() => this.dispatchEvent(new CustomEvent('agent-chat-action', { detail: node.action, bubbles: true, composed: true }))}>${node.label}</button>`;
    }
  }
}

if (!customElements.get('agent-chat-widget')) customElements.define('agent-chat-widget', WidgetElement);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-widget': WidgetElement;
  }
}
