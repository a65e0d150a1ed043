import type { OpenAIChunk } from '../model/openai/openai-chunk-reader.js';
import type { WebLLMChatRequest, WebLLMEngine } from '../model/web-llm/web-llm-engine.js';
import type { WebLLMProgressReport } from '../model/web-llm/web-llm-progress.js';
import { argumentsText, asPlayed, pieces, type ScriptedTurn } from './scripted-turn.js';

/** What {@link fakeWebLLMEngine} plays: load progress, then one turn per chat completion (the last repeats). */
export interface FakeWebLLMScript {
  turns: ScriptedTurn[];
  /** Progress reports played by `reload()`; default a download, a shader compile and "Finish loading". */
  progress?: WebLLMProgressReport[];
  /** Milliseconds between progress reports; default 5. */
  progressDelayMs?: number;
  /** `reload()` fails with this message (a device lost, a failed download). */
  failLoad?: string;
}

/** A fake web-llm engine: the slice `webLLM()` uses plus what web-llm's worker handler calls. */
export interface FakeWebLLMEngine extends WebLLMEngine {
  readonly requests: WebLLMChatRequest[];
  readonly interrupts: number;
  reload(modelId: string): Promise<void>;
  setInitProgressCallback(callback: (report: WebLLMProgressReport) => void): void;
  chatCompletion(request: WebLLMChatRequest): Promise<AsyncIterable<OpenAIChunk>>;
  setAppConfig(): void;
  setLogLevel(): void;
}

const MB = 'MB fetched';
const DEFAULT_PROGRESS: WebLLMProgressReport[] = [
  { progress: 0, timeElapsed: 0, text: 'Start to fetch params' },
  {
    progress: 0.5,
    timeElapsed: 1,
    text: `Fetching param cache[1/2]: 400${MB}. 50% completed, 1 secs elapsed.`,
  },
  {
    progress: 1,
    timeElapsed: 2,
    text: `Fetching param cache[2/2]: 800${MB}. 100% completed, 2 secs elapsed.`,
  },
  {
    progress: 0.5,
    timeElapsed: 3,
    text: 'Loading GPU shader modules[43/86]: 50% completed, 3 secs elapsed.',
  },
  { progress: 1, timeElapsed: 3, text: 'Loading GPU shader modules[86/86]: 100% completed, 3 secs elapsed.' },
  { progress: 1, timeElapsed: 3, text: 'Finish loading on WebGPU - fake' },
];

/**
 * A fake of web-llm's engine that streams chunks the way web-llm 0.2.x does: text as content deltas; in
 * tool mode the model's tool-call JSON as content, then the parsed calls (without ids) in the last
 * chunk with `finish_reason: "tool_calls"`; a usage chunk; `finish_reason: "abort"` after
 * `interruptGenerate()`. Run it in a worker with `hostWebLLMEngine(fake)` to test the real protocol.
 */
export function fakeWebLLMEngine(
  script: FakeWebLLMScript,
  onRequest?: (request: WebLLMChatRequest) => void,
): FakeWebLLMEngine {
  const requests: WebLLMChatRequest[] = [];
  let onProgress: ((report: WebLLMProgressReport) => void) | undefined;
  let interrupted = false;
  let interrupts = 0;
  const chatCompletion = async (request: WebLLMChatRequest) => {
    requests.push(request);
    onRequest?.(request);
    interrupted = false;
    const turn = asPlayed(
      script.turns[Math.min(requests.length - 1, script.turns.length - 1)] ?? { text: '' },
    );
    return chunks(turn, request, () => interrupted);
  };
  return {
    requests,
    get interrupts() {
      return interrupts;
    },
    async reload() {
      for (const report of script.progress ?? DEFAULT_PROGRESS) {
        await sleep(script.progressDelayMs ?? 5);
        onProgress?.(report);
      }
      if (script.failLoad) throw new Error(script.failLoad);
    },
    setInitProgressCallback: (callback) => {
      onProgress = callback;
    },
    setAppConfig: () => {},
    setLogLevel: () => {},
    chatCompletion,
    chat: { completions: { create: chatCompletion } },
    interruptGenerate: () => {
      interrupted = true;
      interrupts++;
    },
    unload: async () => {},
  };
}

async function* chunks(
  turn: ScriptedTurn,
  request: WebLLMChatRequest,
  isInterrupted: () => boolean,
): AsyncGenerator<OpenAIChunk> {
  const tools = Boolean(request.tools?.length);
  const calls = (turn.toolCalls ?? []).map((call) => ({
    name: call.name,
    arguments: argumentsText(call.arguments),
  }));
  const output =
    tools && calls.length
      ? JSON.stringify(calls.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments) })))
      : (turn.text ?? '');
  let finish = tools && calls.length ? 'tool_calls' : 'stop';
  let sent = 0;
  for (const content of pieces(output, turn.chunkSize ?? 8)) {
    await sleep(turn.delayMs ?? 1);
    if (isInterrupted()) {
      finish = 'abort';
      break;
    }
    // A cut generation: the chunks end without a finish reason.
    if (turn.cutAfterEvents !== undefined && sent++ >= turn.cutAfterEvents) return;
    yield { choices: [{ delta: { content, role: 'assistant' } as never, finish_reason: null }] };
  }
  if (turn.cutAfterEvents !== undefined) return;
  const toolCalls =
    finish === 'tool_calls'
      ? calls.map((call, index) => ({ index, type: 'function', function: call }))
      : undefined;
  yield {
    choices: [
      { delta: tools ? ({ role: 'assistant', tool_calls: toolCalls } as never) : {}, finish_reason: finish },
    ],
  };
  if (turn.usage)
    yield {
      choices: [],
      usage: {
        prompt_tokens: turn.usage.inputTokens,
        completion_tokens: turn.usage.outputTokens,
        total_tokens: turn.usage.inputTokens + turn.usage.outputTokens,
      },
    };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
