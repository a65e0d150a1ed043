// Loaded with import() by start-screen-loader.ts, only on pages that set `greeting` or `starter-prompts`.
import { html, nothing, type TemplateResult } from 'lit';
import { startScreenStyles } from './start-screen.styles.js';
import type { StartScreenDeps } from './start-screen-deps.js';
import { startScreenText } from './start-screen-text.js';
import { parseStarterPrompts } from './starter-prompts.js';

const styled = new WeakSet<ShadowRoot>();

/** The greeting and the starter prompts, shown while the conversation is empty; a prompt click sends it. */
export function renderStartScreen({ host, send }: StartScreenDeps): TemplateResult | typeof nothing {
  const root = host.renderRoot as ShadowRoot;
  if (!styled.has(root)) {
    styled.add(root);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, startScreenStyles.styleSheet!];
  }
  const prompts = parseStarterPrompts(host.starterPrompts);
  if (!host.greeting && !prompts.length) return nothing;
  const text = startScreenText(host.lang, host.strings ?? {});
  return html`<div part="start-screen" class="start-screen">
    ${host.greeting ? html`<p part="greeting" class="greeting">${host.greeting}</p>` : nothing}
    ${
      prompts.length
        ? html`<ul class="starter-prompts" aria-label=${text.starterPrompts}>${prompts.map(
            (p) =>
              html`<li><button type="button" part="starter-prompt" @click=${() => send(p.prompt)}>${
                p.icon ? html`<span class="starter-icon" aria-hidden="true">${p.icon}</span>` : nothing
              }${p.label}</button></li>`,
          )}</ul>`
        : nothing
    }
  </div>`;
}
