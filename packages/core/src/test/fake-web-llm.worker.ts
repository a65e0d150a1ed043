// A Web Worker for browser tests: web-llm's real worker protocol (hostWebLLMEngine) around a fake
// engine. The script comes in the worker's name (JSON), else DEFAULT_SCRIPT; requests and interrupts are reported on the
// BroadcastChannel "fake-web-llm" so the test can see what reached the engine.
import { hostWebLLMEngine } from '../model/web-llm/web-llm-worker-host.js';
import { type FakeWebLLMScript, fakeWebLLMEngine } from './fake-web-llm-engine.js';

// Without a name (a page that starts the worker itself), a short default answer.
const DEFAULT_SCRIPT: FakeWebLLMScript = {
  turns: [{ text: 'This answer comes from the fake web-llm engine.' }],
};
const name = (globalThis as { name?: string }).name;
const script = name ? (JSON.parse(name) as FakeWebLLMScript) : DEFAULT_SCRIPT;
const channel = new BroadcastChannel('fake-web-llm');
const engine = fakeWebLLMEngine(script, (request) => channel.postMessage({ kind: 'request', request }));
const interrupt = engine.interruptGenerate;
engine.interruptGenerate = () => {
  interrupt();
  channel.postMessage({ kind: 'interrupt' });
};
hostWebLLMEngine(engine);
