import type {
  LanguageModelAvailability,
  LanguageModelCreateOptions,
  LanguageModelMessage,
  LanguageModelSession,
  LanguageModelStatic,
} from '../model/built-in/prompt-api.js';

/** One prompt the fake received. */
export interface FakePrompt {
  initialPrompts: LanguageModelMessage[];
  prompt: string;
  responseConstraint?: Record<string, unknown>;
}

/** Options of {@link fakeLanguageModel}. */
export interface FakeLanguageModelOptions {
  /** What `availability()` says; default `available`. */
  availability?: LanguageModelAvailability;
  /** `downloadprogress` fractions (0…1) `create()` reports before it resolves; default none. */
  downloadProgress?: number[];
  /** The answers, one per prompt in order (the last repeats), streamed in pieces of `chunkSize` characters. */
  answers: Array<string | ((prompt: FakePrompt) => string)>;
  /** Default 6. */
  chunkSize?: number;
}

/** A fake `LanguageModel` global, recording prompts and sessions. */
export interface FakeLanguageModel extends LanguageModelStatic {
  readonly prompts: FakePrompt[];
  /** Sessions created and destroyed so far. */
  readonly sessions: { created: number; destroyed: number };
  /** Sets it as `globalThis.LanguageModel`; returns the function that restores the previous value. */
  install(): () => void;
}

/**
 * A fake of Chrome's Prompt API with its documented shape (`availability`, `create` with `initialPrompts`,
 * `expectedInputs`, `monitor`, `promptStreaming` with `responseConstraint`, `destroy`), for testing
 * `builtInAI()` in any browser.
 *
 * @example
 * const restore = fakeLanguageModel({ answers: ['{"action":"answer","reasoning":"","response":"Hi"}'] }).install();
 */
export function fakeLanguageModel(options: FakeLanguageModelOptions): FakeLanguageModel {
  const prompts: FakePrompt[] = [];
  const sessions = { created: 0, destroyed: 0 };
  const fake: FakeLanguageModel = {
    prompts,
    sessions,
    availability: async () => options.availability ?? 'available',
    async create(createOptions: LanguageModelCreateOptions = {}): Promise<LanguageModelSession> {
      if ((options.availability ?? 'available') === 'unavailable')
        throw new DOMException('The model is not available.', 'NotSupportedError');
      const monitor = new EventTarget();
      createOptions.monitor?.(monitor);
      for (const loaded of options.downloadProgress ?? []) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        monitor.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded, total: 1 }));
      }
      sessions.created++;
      const initialPrompts = createOptions.initialPrompts ?? [];
      return {
        inputQuota: 6_144,
        destroy: () => {
          sessions.destroyed++;
        },
        promptStreaming(prompt, promptOptions = {}) {
          const recorded: FakePrompt = {
            initialPrompts,
            prompt,
            ...(promptOptions.responseConstraint
              ? { responseConstraint: promptOptions.responseConstraint }
              : {}),
          };
          prompts.push(recorded);
          const answer = options.answers[Math.min(prompts.length - 1, options.answers.length - 1)] ?? '';
          const text = typeof answer === 'function' ? answer(recorded) : answer;
          const size = options.chunkSize ?? 6;
          let at = 0;
          return new ReadableStream<string>({
            async pull(controller) {
              if (promptOptions.signal?.aborted) {
                controller.error(promptOptions.signal.reason);
                return;
              }
              await new Promise((resolve) => setTimeout(resolve, 1));
              if (at >= text.length) return controller.close();
              controller.enqueue(text.slice(at, at + size));
              at += size;
            },
          });
        },
      };
    },
    install() {
      const scope = globalThis as { LanguageModel?: LanguageModelStatic };
      const previous = scope.LanguageModel;
      scope.LanguageModel = fake;
      return () => {
        if (previous === undefined) delete scope.LanguageModel;
        else scope.LanguageModel = previous;
      };
    },
  };
  return fake;
}
