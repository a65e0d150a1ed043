import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeAgent, type ScriptStep } from '../test/fake-agent.js';
import { mount, part } from '../test/mount.js';

// Fakes of the Web Speech API, installed on the test page: the dictation the test scripts, and the
// synthesiser that records what it would say.
type Listener = ((event: never) => void) | null;
class FakeRecognition {
  static last: FakeRecognition | undefined;
  static failWith: string | undefined;
  lang = '';
  interimResults = false;
  continuous = true;
  onresult: Listener = null;
  onerror: Listener = null;
  onend: (() => void) | null = null;
  started = false;
  start() {
    FakeRecognition.last = this;
    this.started = true;
    if (FakeRecognition.failWith)
      queueMicrotask(() => {
        (this.onerror as (e: { error: string }) => void)?.({ error: FakeRecognition.failWith! });
        this.onend?.();
      });
  }
  stop() {
    this.onend?.();
  }
  /** Hears `parts` so far; the last one is interim unless `final`. */
  hear(parts: string[], final = false) {
    const results = parts.map((transcript, i) =>
      Object.assign([{ transcript }], { isFinal: final || i < parts.length - 1 }),
    );
    (this.onresult as (e: unknown) => void)?.({ resultIndex: 0, results });
  }
}

class FakeSynthesis {
  spoken: string[] = [];
  queue: SpeechSynthesisUtterance[] = [];
  cancelled = 0;
  speak(u: SpeechSynthesisUtterance) {
    this.spoken.push(u.text);
    this.queue.push(u);
  }
  cancel() {
    this.cancelled++;
    const queue = this.queue;
    this.queue = [];
    for (const u of queue) u.onerror?.({ error: 'canceled' } as SpeechSynthesisErrorEvent);
  }
  /** Plays the next utterance to its end (or its error). */
  finishNext(error?: string) {
    const u = this.queue.shift();
    if (error) u?.onerror?.({ error } as SpeechSynthesisErrorEvent);
    else u?.onend?.({} as SpeechSynthesisEvent);
  }
}

const realSynthesis = Object.getOwnPropertyDescriptor(window, 'speechSynthesis');
const realRecognition = (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
let synth: FakeSynthesis;

function install({ recognition = true } = {}) {
  const w = window as unknown as Record<string, unknown>;
  delete w.SpeechRecognition;
  delete w.webkitSpeechRecognition;
  if (recognition) w.SpeechRecognition = FakeRecognition;
  synth = new FakeSynthesis();
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
}

const answerText = 'Here is the fix.\n\n```python\nprint("secret code")\n```\n\nRun it **twice**.';
const answer = (): ScriptStep[] => [
  { type: 'response.chunk', turn: 1, text: answerText },
  { type: 'response.done', text: answerText },
];

const mountVoice = (attributes: Record<string, string>) =>
  mount({ attributes, setup: (element) => (element.agent = fakeAgent([answer])) });

const input = (element: AgentChatElement) => element.shadowRoot!.querySelector('textarea')!;

afterEach(() => {
  FakeRecognition.last = undefined;
  FakeRecognition.failWith = undefined;
  const w = window as unknown as Record<string, unknown>;
  delete w.SpeechRecognition;
  w.webkitSpeechRecognition = realRecognition;
  if (realSynthesis) Object.defineProperty(window, 'speechSynthesis', realSynthesis);
});

describe('voice input', () => {
  it('fills the text box with interim then final results in the lang, for the user to review and send', async () => {
    install();
    const element = await mountVoice({ 'voice-input': '', lang: 'fr' });
    await expect.poll(() => part(element, 'microphone')).not.toBeNull();
    input(element).value = 'Bonjour,';
    await userEvent.click(part(element, 'microphone')!);
    const recognition = FakeRecognition.last!;
    expect(recognition.lang).toBe('fr');
    expect(recognition.interimResults).toBe(true);
    await element.updateComplete;
    expect(part(element, 'microphone')!.getAttribute('aria-pressed')).toBe('true');
    recognition.hear(['quel temps']);
    expect(input(element).value).toBe('Bonjour, quel temps');
    recognition.hear(['quel temps', ' fait-il ?'], true);
    expect(input(element).value).toBe('Bonjour, quel temps fait-il ?');
    await userEvent.click(part(element, 'microphone')!);
    await expect.poll(() => part(element, 'microphone')!.getAttribute('aria-pressed')).toBe('false');
    // Not sent by itself: the user sends.
    expect(part(element, 'message-user')).toBeNull();
    await userEvent.click(part(element, 'send')!);
    await expect.poll(() => part(element, 'message-user')?.textContent).toBe('Bonjour, quel temps fait-il ?');
  });

  it('is absent where the browser has no SpeechRecognition', async () => {
    install({ recognition: false });
    const element = await mountVoice({ 'voice-input': '' });
    await element.updateComplete;
    await new Promise((r) => setTimeout(r, 300)); // the voice chunk has loaded by now
    expect(part(element, 'microphone')).toBeNull();
    expect(part(element, 'input')).not.toBeNull();
  });

  it('says so inline when the microphone permission is denied, and typing still works', async () => {
    install();
    FakeRecognition.failWith = 'not-allowed';
    const element = await mountVoice({ 'voice-input': '' });
    await expect.poll(() => part(element, 'microphone')).not.toBeNull();
    await userEvent.click(part(element, 'microphone')!);
    await expect
      .poll(() => part(element, 'voice-notice')?.textContent)
      .toBe('Microphone access was denied: you can still type your message.');
    expect(part(element, 'voice-notice')!.getAttribute('role')).toBe('status');
    await userEvent.click(input(element));
    await userEvent.keyboard('Typed instead{Enter}');
    await expect.poll(() => part(element, 'message-user')?.textContent).toBe('Typed instead');
  });
});

describe('read-aloud', () => {
  it('speaks the answer without its code, and Stop cancels it', async () => {
    install();
    const element = await mountVoice({ 'voice-output': 'button' });
    await userEvent.click(input(element));
    await userEvent.keyboard('Fix it{Enter}');
    await expect.poll(() => part(element, 'read-aloud')).not.toBeNull();
    expect(synth.spoken).toEqual([]); // `button`: only on request
    await userEvent.click(part(element, 'read-aloud')!);
    expect(synth.spoken).toEqual(['Here is the fix.', 'A code block, shown on screen.', 'Run it twice.']);
    expect(synth.spoken.join(' ')).not.toContain('secret');
    await element.updateComplete;
    expect(part(element, 'read-aloud')!.textContent).toBe('Stop reading');
    await userEvent.click(part(element, 'read-aloud')!);
    expect(synth.cancelled).toBeGreaterThan(0);
    expect(synth.queue).toEqual([]);
    await expect.poll(() => part(element, 'read-aloud')!.textContent).toBe('Read aloud');
  });

  it('voice-output="auto" reads each answer as it finishes; a failure mid-answer stops quietly', async () => {
    install();
    const element = await mountVoice({ 'voice-output': 'auto' });
    await expect.poll(() => (element as unknown as { voiceOutput: string }).voiceOutput).toBe('auto');
    await new Promise((r) => setTimeout(r, 200)); // the voice chunk
    await userEvent.click(input(element));
    await userEvent.keyboard('Fix it{Enter}');
    await expect.poll(() => synth.spoken.length).toBe(3);
    await expect.poll(() => part(element, 'read-aloud')?.textContent).toBe('Stop reading');
    synth.finishNext();
    synth.finishNext('synthesis-failed');
    expect(synth.queue).toEqual([]); // the rest is not read
    await expect.poll(() => part(element, 'read-aloud')!.textContent).toBe('Read aloud');
    expect(part(element, 'error')).toBeNull();
    expect(part(element, 'voice-notice')).toBeNull();
  });
});
