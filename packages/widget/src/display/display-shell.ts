import { html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { format } from '../i18n/strings.js';
import { emit } from '../shared/events.js';
import type { WidgetHost } from '../shared/widget-host.js';
import { displayMode } from './display-mode.js';
import { displayShellStyles } from './display-shell.styles.js';
import { displayText } from './display-text.js';

const MIN_WIDTH = 280;
const STEP = 32;

/** The attributes the launcher and panel read from the element. */
export interface DisplayHost extends WidgetHost {
  mode: string | undefined;
  position: string | undefined;
}

/**
 * The launcher and panel modes (loaded only when `mode` is not `inline`): the floating button with its
 * unread badge, the panel around the chat, open / closed state remembered per site (localStorage), Esc,
 * focus on open and close, the resizable docked panel and the page's `--agent-chat-panel-space`.
 */
export class DisplayShell {
  readonly #host: DisplayHost;
  #open: boolean | undefined;
  #unread = 0;
  #width: number | undefined;
  #styled = false;
  /** The mode the open state was read for: a new mode reads it again (a panel starts open). */
  #stateMode: string | undefined;
  /** The mode of the last render, and the panel whose size is watched: the page's space is published
   * when either changes or the panel resizes, never on every streamed chunk. */
  #renderedMode: string | undefined;
  #watched: HTMLElement | undefined;
  #resizes: ResizeObserver | undefined;
  #published: string | undefined;

  constructor(host: DisplayHost) {
    this.#host = host;
    host.addEventListener('agent-chat-message', (event) => {
      if (event.detail.role === 'assistant' && this.#open === false && this.#mode !== 'inline') {
        this.#unread++;
        host.requestUpdate();
      }
    });
    addEventListener('resize', () => this.#publish());
  }

  get #mode() {
    return displayMode(this.#host.mode);
  }

  get #key(): string {
    return `agent-chat:open:${this.#host.id || 'default'}`;
  }

  /** Open or closed: remembered per site; a launcher starts closed, a panel open. */
  get isOpen(): boolean {
    if (this.#stateMode !== this.#mode) {
      this.#stateMode = this.#mode;
      this.#open = undefined;
    }
    if (this.#open === undefined) {
      let saved: string | null = null;
      try {
        saved = localStorage.getItem(this.#key);
      } catch {}
      this.#open = saved === null ? this.#mode === 'panel' : saved === '1';
    }
    return this.#open;
  }

  open(): Promise<void> {
    return this.#set(true);
  }

  close(): Promise<void> {
    return this.#set(false);
  }

  toggle(): Promise<void> {
    return this.#set(!this.isOpen);
  }

  async #set(open: boolean): Promise<void> {
    if (this.#mode === 'inline' || open === this.isOpen) return;
    this.#open = open;
    if (open) this.#unread = 0;
    try {
      localStorage.setItem(this.#key, open ? '1' : '0');
    } catch {}
    const host = this.#host;
    host.requestUpdate();
    await host.updateComplete;
    this.#publish();
    const root = host.renderRoot as ShadowRoot;
    if (open) root.querySelector<HTMLElement>('textarea#input')?.focus();
    else root.querySelector<HTMLElement>('[part~="launcher"]')?.focus();
    emit(host, open ? 'agent-chat-open' : 'agent-chat-close', null);
  }

  /** The room a docked panel takes, for the page to leave free: `--agent-chat-panel-space` on `<html>`. */
  #publish(): void {
    const docked = this.#mode === 'panel' && this.isOpen && !matchMedia('(max-width: 479.98px)').matches;
    const panel = (this.#host.renderRoot as ShadowRoot).querySelector<HTMLElement>('[part~="panel"]');
    const space = docked && panel ? `${panel.getBoundingClientRect().width}px` : '0px';
    panel
      ?.querySelector('[part~="resize-handle"]')
      ?.setAttribute('aria-valuenow', String(Math.round(this.#panelWidth())));
    if (space === this.#published) return;
    this.#published = space;
    document.documentElement.style.setProperty('--agent-chat-panel-space', space);
  }

  /** After a render: publish on a mode change, and watch the panel's size (a new panel element after a
   * mode change). */
  #afterRender = (): void => {
    const panel =
      (this.#host.renderRoot as ShadowRoot).querySelector<HTMLElement>('[part~="panel"]') ?? undefined;
    if (panel !== this.#watched) {
      this.#resizes ??= new ResizeObserver(() => this.#publish());
      if (this.#watched) this.#resizes.unobserve(this.#watched);
      if (panel) this.#resizes.observe(panel);
      this.#watched = panel;
    }
    this.#publish();
  };

  /** The chat inside the shell of the current mode. */
  render(chat: unknown): unknown {
    const mode = this.#mode;
    const host = this.#host;
    if (!this.#styled) {
      this.#styled = true;
      const root = host.renderRoot as ShadowRoot;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, displayShellStyles.styleSheet!];
    }
    if (mode !== this.#renderedMode) {
      this.#renderedMode = mode;
      void host.updateComplete.then(this.#afterRender);
    }
    if (mode === 'inline') return chat;
    const t = displayText(host.lang, host.strings);
    const open = this.isOpen;
    const side = host.position === 'bottom-left' ? 'left' : 'right';
    const width = this.#width ? `${this.#width}px` : nothing;
    const badge = this.#unread && !open ? format(t.unread, { count: this.#unread }) : '';
    // The badge's text is part of the button's name (axe: label-content-name-mismatch).
    const label = open ? t.closeChat : badge ? `${t.openChat}, ${badge}` : t.openChat;
    return html`<button type="button" part="launcher" class="launcher ${side}" aria-expanded=${open}
        aria-controls="panel" aria-label=${label} ?hidden=${open && mode === 'panel'}
        @click=${() => void this.toggle()}>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16v12H7l-3 3z" /></svg>
        ${badge ? html`<span part="launcher-badge" class="badge">${badge}</span>` : nothing}
      </button>
      <section part="panel" id="panel" class="panel mode-${mode} ${side}" ?hidden=${!open}
        role=${mode === 'launcher' ? 'dialog' : 'complementary'} aria-label=${t.chatTitle}
        style=${styleMap({ width: width === nothing ? undefined : width })} @keydown=${this.#onKeydown}>
        ${mode === 'panel' ? this.#renderHandle(t.resizeChat, side) : nothing}
        <div part="panel-header" class="panel-header">
          <h2>${t.chatTitle}</h2>
          <button type="button" part="close" aria-label=${t.closeChat} @click=${() => void this.close()}>×</button>
        </div>
        ${chat}
      </section>`;
  }

  #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    void this.close();
  };

  #renderHandle(label: string, side: 'left' | 'right') {
    const now = Math.round(this.#width ?? this.#panelWidth());
    return html`<div part="resize-handle" class="resize-handle" role="separator" tabindex="0"
      aria-orientation="vertical" aria-label=${label} aria-valuemin=${MIN_WIDTH}
      aria-valuemax=${Math.round(this.#maxWidth())} aria-valuenow=${now}
      @keydown=${(event: KeyboardEvent) => {
        const grow = side === 'right' ? 'ArrowLeft' : 'ArrowRight';
        const shrink = side === 'right' ? 'ArrowRight' : 'ArrowLeft';
        if (event.key !== grow && event.key !== shrink) return;
        event.preventDefault();
        this.#resize(this.#panelWidth() + (event.key === grow ? STEP : -STEP));
      }}
      @pointerdown=${(event: PointerEvent) => {
        const handle = event.currentTarget as HTMLElement;
        handle.setPointerCapture(event.pointerId);
        const move = (e: PointerEvent) => this.#resize(side === 'right' ? innerWidth - e.clientX : e.clientX);
        handle.addEventListener('pointermove', move);
        handle.addEventListener('pointerup', () => handle.removeEventListener('pointermove', move), {
          once: true,
        });
      }}></div>`;
  }

  #panelWidth(): number {
    const panel = (this.#host.renderRoot as ShadowRoot).querySelector<HTMLElement>('[part~="panel"]');
    return panel?.getBoundingClientRect().width || MIN_WIDTH;
  }

  #maxWidth(): number {
    return Math.max(MIN_WIDTH, innerWidth * 0.8);
  }

  #resize(width: number): void {
    this.#width = Math.min(this.#maxWidth(), Math.max(MIN_WIDTH, width));
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => this.#publish());
  }
}
