import { html, nothing, type TemplateResult } from 'lit';
import { displayText } from '../display/display-text.js';
import { format } from '../i18n/strings.js';
import type { WidgetHost } from '../shared/widget-host.js';
import type { TranscriptItem } from '../transcript-model/transcript.js';
import { speechPieces } from './speech-text.js';
import { voiceStyles } from './voice.styles.js';

/** The part of the Web Speech API's `SpeechRecognition` dictation uses. */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionClass = new () => Recognition;

/** The browser's `SpeechRecognition` (or Chrome's prefixed one), if it has one. */
export function recognitionClass(): RecognitionClass | undefined {
  const w = globalThis as {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/** The attributes voice reads from the element. */
export interface VoiceHost extends WidgetHost {
  voiceInput: boolean;
  voiceOutput: string | undefined;
}

/**
 * Voice in and out (loaded only with `voice-input` or `voice-output`): dictation into the text box through
 * `SpeechRecognition` (interim results shown as they come; the user reviews and sends) and read-aloud of
 * answers through `speechSynthesis`, code blocks and tables summarised.
 */
export class Voice {
  readonly #host: VoiceHost;
  #recognition: Recognition | undefined;
  #notice: string | undefined;
  /** The answer being read aloud. */
  #speaking: string | undefined;

  constructor(host: VoiceHost, items: () => readonly TranscriptItem[]) {
    this.#host = host;
    const root = host.renderRoot as ShadowRoot;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, voiceStyles.styleSheet!];
    host.addEventListener('agent-chat-message', (event) => {
      if (event.detail.role !== 'assistant' || host.voiceOutput !== 'auto') return;
      const last = items().findLast((item) => item.kind === 'assistant');
      if (last) this.speak(last.id, event.detail.text);
    });
  }

  get #text() {
    return displayText(this.#host.lang, this.#host.strings);
  }

  get #lang(): string {
    return this.#host.lang || document.documentElement.lang || navigator.language;
  }

  /** The microphone button, where the browser can dictate. */
  renderMic(): TemplateResult | typeof nothing {
    if (!this.#host.voiceInput || !recognitionClass()) return nothing;
    const listening = Boolean(this.#recognition);
    const label = listening ? this.#text.stopDictation : this.#text.dictate;
    return html`<button type="button" part="microphone" class="microphone" aria-pressed=${listening}
      aria-label=${label} title=${label} @click=${this.#toggleDictation}>
      <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18" fill="currentColor">
        <path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9z" />
      </svg></button>`;
  }

  /** Why dictation stopped (e.g. the microphone permission was denied), above the text box. */
  renderNotice(): TemplateResult | typeof nothing {
    return this.#notice
      ? html`<p part="voice-notice" class="voice-notice" role="status">${this.#notice}</p>`
      : nothing;
  }

  /** "Read aloud" / "Stop reading" under a finished answer, where the browser can speak. */
  renderReadAloud(item: TranscriptItem, final: boolean): TemplateResult | typeof nothing {
    if (item.kind !== 'assistant' || !final || !this.#host.voiceOutput || !globalThis.speechSynthesis)
      return nothing;
    const speaking = this.#speaking === item.id;
    return html`<button type="button" part="read-aloud" class="read-aloud" aria-pressed=${speaking}
      @click=${() => (speaking ? this.stop() : this.speak(item.id, item.text))}>${
        speaking ? this.#text.stopReading : this.#text.readAloud
      }</button>`;
  }

  #toggleDictation = (): void => {
    if (this.#recognition) {
      this.#recognition.stop();
      return;
    }
    const Class = recognitionClass();
    const input = this.#host.renderRoot.querySelector<HTMLTextAreaElement>('textarea#input');
    if (!Class || !input) return;
    const before = input.value ? `${input.value.trimEnd()} ` : '';
    const recognition = new Class();
    recognition.lang = this.#lang;
    recognition.interimResults = true;
    recognition.continuous = false;
    recognition.onresult = (event) => {
      let heard = '';
      for (let i = 0; i < event.results.length; i++) heard += event.results[i]![0]!.transcript;
      input.value = before + heard.trimStart();
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    recognition.onerror = (event) => {
      if (event.error === 'aborted' || event.error === 'no-speech') return;
      this.#notice =
        event.error === 'not-allowed' || event.error === 'service-not-allowed'
          ? this.#text.micDenied
          : format(this.#text.micFailed, { reason: event.error });
    };
    recognition.onend = () => {
      this.#recognition = undefined;
      this.#host.requestUpdate();
      input.focus();
    };
    this.#notice = undefined;
    this.#recognition = recognition;
    try {
      recognition.start();
    } catch (error) {
      this.#recognition = undefined;
      this.#notice = format(this.#text.micFailed, { reason: (error as Error).name || String(error) });
    }
    this.#host.requestUpdate();
  };

  /** Reads an answer aloud, replacing whatever was being read. */
  speak(id: string, markdown: string): void {
    const synth = globalThis.speechSynthesis;
    if (!synth) return;
    synth.cancel();
    const pieces = speechPieces(markdown, this.#text);
    if (!pieces.length) return;
    this.#speaking = id;
    this.#host.requestUpdate();
    pieces.forEach((piece, index) => {
      const utterance = new SpeechSynthesisUtterance(piece);
      utterance.lang = this.#lang;
      if (index === pieces.length - 1) utterance.onend = () => this.#done(id);
      // A failed utterance (or one cancelled by Stop) ends the reading quietly: no error shown.
      utterance.onerror = () => {
        if (this.#speaking !== id) return;
        synth.cancel();
        this.#done(id);
      };
      synth.speak(utterance);
    });
  }

  /** Stop: cancels the speech. */
  stop(): void {
    const id = this.#speaking;
    globalThis.speechSynthesis?.cancel();
    if (id) this.#done(id);
  }

  #done(id: string): void {
    if (this.#speaking !== id) return;
    this.#speaking = undefined;
    this.#host.requestUpdate();
  }
}
