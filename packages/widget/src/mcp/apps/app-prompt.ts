import { html, type TemplateResult } from 'lit';
import { format } from '../../i18n/strings.js';
import type { McpAppStrings } from './app-strings.js';

/**
 * A question the stage asks the visitor for its app. It is drawn by the host, outside the app's frame,
 * and only a click on its buttons answers it: nothing the app does can say yes for the visitor.
 */
export type AppPrompt =
  | { kind: 'link'; url: string; resolve: (yes: boolean) => void }
  | { kind: 'mode'; mode: 'fullscreen' | 'pip'; resolve: (yes: boolean) => void }
  | { kind: 'permissions'; names: string[]; resolve: (yes: boolean) => void }
  | { kind: 'message'; text: string; flood: boolean; resolve: (answer: MessageAnswer) => void };

/** What the visitor said to a message from the app. */
export type MessageAnswer = 'send' | 'no' | 'block';

/** A prompt before it is shown (the stage adds `resolve`). */
export type AppQuestion = AppPrompt extends infer P
  ? P extends AppPrompt
    ? Omit<P, 'resolve'>
    : never
  : never;

/** The answer that means no, given when a prompt is closed without a click (the app went away). */
export function refusal(prompt: AppPrompt): boolean | MessageAnswer {
  return prompt.kind === 'message' ? 'no' : false;
}

/** The prompt's box: its question and the host's own buttons. */
export function renderPrompt(
  prompt: AppPrompt,
  tool: string,
  strings: McpAppStrings,
  answer: (value: boolean | MessageAnswer) => void,
): TemplateResult {
  const box = (question: string, buttons: TemplateResult) =>
    html`<div part="mcp-app-prompt" class="mcp-app-prompt" role="alertdialog" aria-label=${question}>
      <p>${question}</p>${buttons}
    </div>`;
  const yesNo = (yes: string) =>
    html`<button type="button" part="mcp-app-allow" @click=${() => answer(true)}>${yes}</button>
      <button type="button" part="mcp-app-deny" @click=${() => answer(false)}>${strings.cancel}</button>`;
  switch (prompt.kind) {
    case 'link':
      return box(
        format(strings.openLink, { tool, url: prompt.url }),
        html`<button type="button" part="mcp-app-allow" @click=${() => {
          // Opened inside the visitor's click, without giving the new tab a handle on this page.
          window.open(prompt.url, '_blank', 'noopener,noreferrer');
          answer(true);
        }}>${strings.open}</button>
        <button type="button" part="mcp-app-deny" @click=${() => answer(false)}>${strings.cancel}</button>`,
      );
    case 'mode':
      return box(
        format(prompt.mode === 'pip' ? strings.askPip : strings.askFullscreen, { tool }),
        yesNo(strings.allow),
      );
    case 'permissions': {
      const names = prompt.names.map((name) => strings.permissionNames[name] ?? name).join(', ');
      return box(format(strings.askPermissions, { tool, permissions: names }), yesNo(strings.allow));
    }
    case 'message':
      return box(
        format(prompt.flood ? strings.flood : strings.askMessage, { tool, text: prompt.text.slice(0, 200) }),
        html`<button type="button" part="mcp-app-allow" @click=${() => answer('send')}>${strings.send}</button>
        <button type="button" part="mcp-app-deny" @click=${() => answer('no')}>${strings.cancel}</button>
        <button type="button" part="mcp-app-block" @click=${() => answer('block')}>${strings.block}</button>`,
      );
    default:
      return prompt satisfies never;
  }
}
