import { nothing, type ReactiveController } from 'lit';
import type { DisplayHost, DisplayShell } from '../display/display-shell.js';
import type { TranscriptItem } from '../transcript-model/transcript.js';
import type { Voice, VoiceHost } from '../voice/voice.js';

/** Launcher or panel (an unknown mode loads the chunk too, which warns and shows it inline). */
const shown = (mode: string | undefined): boolean => Boolean(mode) && mode !== 'inline';

/**
 * Loads what only some pages use, when their attributes ask for it: the launcher and panel modes (`mode`)
 * and voice (`voice-input`, `voice-output`), one lazy chunk, so inline chats without voice download neither.
 */
export class ExtrasController implements ReactiveController {
  shell: DisplayShell | undefined;
  voice: Voice | undefined;
  #chunk: Promise<void> | undefined;

  private readonly host: DisplayHost & VoiceHost;
  private readonly items: () => readonly TranscriptItem[];

  constructor({ host, items }: { host: DisplayHost & VoiceHost; items: () => readonly TranscriptItem[] }) {
    this.host = host;
    this.items = items;
    host.addController(this);
  }

  hostUpdate(): void {
    const { host } = this;
    if ((shown(host.mode) && !this.shell) || ((host.voiceInput || host.voiceOutput) && !this.voice))
      this.#load().catch((error) =>
        console.error('<agent-chat>: could not load the launcher / voice chunk', error),
      );
  }

  #load(): Promise<void> {
    const { host } = this;
    this.#chunk ??= import('./extras.js').then((m) => {
      this.shell = new m.DisplayShell(host);
      this.voice = new m.Voice(host, this.items);
      host.requestUpdate();
    });
    return this.#chunk;
  }

  /** The chat as the mode shows it; nothing until the launcher / panel chunk has loaded. */
  frame(chat: unknown): unknown {
    return this.shell ? this.shell.render(chat) : shown(this.host.mode) ? nothing : chat;
  }

  /** `open()` / `close()` / `toggle()` of the element: no-ops in inline mode. */
  async call(action: 'open' | 'close' | 'toggle'): Promise<void> {
    if (shown(this.host.mode)) await this.#load().then(() => this.shell![action]());
  }
}
