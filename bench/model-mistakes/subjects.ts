// The two loops of bench/model-mistakes, given the same endpoint, the same tool and the same limits:
// agent-chat's `createAgent` + `openAICompatible`, and the AI SDK's `streamText` + `@ai-sdk/openai-compatible`.
import { AgentChatError, createAgent, defineTool, openAICompatible } from '@agent-chat/core';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { stepCountIs, streamText, tool } from 'ai';
import * as z from 'zod';
import { HANG_MS, IDLE_MS, TURN_BUDGET } from './limits.ts';

/** How one task ended for one loop. */
export interface Outcome {
  /** The text the loop presents as its final answer (undefined: none, the run failed). */
  answer: string | undefined;
  /** The error the run ended with: its code when it is one of the library's typed errors. */
  error?: { message: string; code?: string };
  /** `add` executions, and those with the task's numbers. */
  toolRuns: number;
  hung: boolean;
}

export type Subject = (options: {
  baseURL: string;
  fetch: typeof fetch;
  prompt: string;
  task: { a: number; b: number };
}) => Promise<Outcome>;

const addParameters = z.object({ a: z.number(), b: z.number() });
const ADD_DESCRIPTION = 'Adds two numbers and returns their sum.';

export const agentChat: Subject = async ({ baseURL, fetch, prompt }) => {
  let toolRuns = 0;
  const add = defineTool({
    name: 'add',
    description: ADD_DESCRIPTION,
    parameters: addParameters,
    execute: ({ a, b }) => {
      toolRuns++;
      return { sum: a + b };
    },
  });
  const model = openAICompatible({ baseURL, model: 'small-model', fetch, timeouts: { idleMs: IDLE_MS } });
  const agent = createAgent({ model, tools: [add], limits: { maxTurns: TURN_BUDGET } });
  let answer: string | undefined;
  let error: Outcome['error'];
  const signal = AbortSignal.timeout(HANG_MS);
  try {
    for await (const event of agent.run({ message: prompt, signal })) {
      if (event.type === 'response.done') answer = event.text;
      if (event.type === 'error') error = { message: event.message, code: event.code };
      if (event.type === 'run.finish' && event.status !== 'completed')
        error ??= { message: event.message ?? event.status, code: event.status };
    }
  } catch (thrown) {
    error = { message: String(thrown), ...(thrown instanceof AgentChatError ? { code: thrown.code } : {}) };
  }
  if (error) answer = undefined;
  return { answer, ...(error ? { error } : {}), toolRuns, hung: signal.aborted };
};

export const aiSdk: Subject = async ({ baseURL, fetch, prompt }) => {
  let toolRuns = 0;
  const provider = createOpenAICompatible({ name: 'scripted', baseURL, fetch, includeUsage: true });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HANG_MS);
  let error: Outcome['error'];
  let answer: string | undefined;
  try {
    const result = streamText({
      model: provider.chatModel('small-model'),
      tools: {
        add: tool({
          description: ADD_DESCRIPTION,
          inputSchema: addParameters,
          execute: async ({ a, b }) => {
            toolRuns++;
            return { sum: a + b };
          },
        }),
      },
      stopWhen: stepCountIs(TURN_BUDGET),
      prompt,
      timeout: { firstChunkMs: IDLE_MS, chunkMs: IDLE_MS },
      abortSignal: controller.signal,
      onError: () => {},
    });
    for await (const part of result.fullStream) if (part.type === 'error') error ??= describe(part.error);
    // The last step's text is what the SDK hands an app as the answer.
    if (!error) answer = await result.text;
  } catch (thrown) {
    error = describe(thrown);
  } finally {
    clearTimeout(timer);
  }
  if (error) answer = undefined;
  return { answer, ...(error ? { error } : {}), toolRuns, hung: controller.signal.aborted };
};

/** The AI SDK's errors carry a stable `name` (`AI_APICallError`, `AI_RetryError`…, or a DOM `TimeoutError`): its typed error. */
function describe(error: unknown): { message: string; code?: string } {
  const name = (error as { name?: unknown })?.name;
  const message = error instanceof Error ? error.message : String(error);
  return typeof name === 'string' && name !== 'Error' ? { message, code: name } : { message };
}
