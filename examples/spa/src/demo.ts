import {
  type ChatModel,
  defineTool,
  openAICompatible,
  rewriteQueryTool,
  synthesizeTool,
  type Tool,
} from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import * as z from 'zod';

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Two slow searches, so the workflow's parallel batch is visible. */
function search(name: string, source: string, ms: number) {
  return defineTool({
    name,
    description: `Searches ${source}. Returns { results }.`,
    parameters: z.object({ query: z.string() }),
    async execute({ query }, { signal, emit }) {
      emit?.({ type: 'progress', progress: 0, total: 1, message: `searching ${source}` });
      await wait(ms, signal);
      return { results: [`${source}: 3 plans match "${query}"`, `${source}: cheapest plan 9 €/month`] };
    },
  });
}

/** A tool with a side effect: each call waits for the user's approval (which survives a reload). */
const sendEmail = defineTool({
  name: 'send_email',
  description: 'Sends an email on the user’s behalf.',
  parameters: z.object({ to: z.string(), body: z.string() }),
  needsApproval: true,
  execute: ({ to }) => `Email sent to ${to}.`,
});

/** The tools the page offers: two searches, the built-in LLM operators and an email that needs approval. */
// biome-ignore lint/suspicious/noExplicitAny: tools of any argument type.
export const tools: Tool<any, unknown>[] = [
  rewriteQueryTool,
  search('search_docs', 'our docs', 700),
  search('search_web', 'the web', 900),
  synthesizeTool,
  sendEmail,
];

const PLAN = {
  goal: 'Compare our prices with our rivals',
  steps: [
    { id: 'step_1', name: 'Rewrite the question', tool: 'rewrite_query', input: { query: '{{user_query}}' } },
    {
      id: 'step_2',
      name: 'Search our docs',
      tool: 'search_docs',
      input: { query: '{{step_1.output.query}}' },
      dependsOn: ['step_1'],
    },
    {
      id: 'step_3',
      name: 'Search the web',
      tool: 'search_web',
      input: { query: '{{step_1.output.query}}' },
      dependsOn: ['step_1'],
    },
    {
      id: 'step_4',
      name: 'Synthesize',
      tool: 'synthesize',
      input: { question: '{{user_query}}', sources: ['{{step_2.output}}', '{{step_3.output}}'] },
      dependsOn: ['step_2', 'step_3'],
    },
  ],
};

/**
 * A scripted model for trying the page without a provider: it plans the workflow above, answers the
 * operators' prompts, then writes the final answer. Nothing leaves the browser.
 */
function scriptedModel(): ChatModel {
  return mockModel([
    (request) => {
      const system = String(request.messages[0]?.role === 'system' ? request.messages[0].content : '');
      if (system.startsWith("Rewrite the user's text"))
        return { text: 'pricing plans comparison', delayMs: 40 };
      if (system.startsWith('Answer the question using only'))
        return { text: 'Our cheapest plan (9 €/month) matches the cheapest rival plan [1][2].', delayMs: 30 };
      const last = request.messages.at(-1);
      if (last?.role === 'tool' && last.toolName === 'send_email') return { text: last.content, delayMs: 25 };
      if (last?.role === 'user' && /\bemail\b/i.test(last.content))
        return {
          toolCalls: [
            { id: 'mail', name: 'send_email', arguments: { to: 'team@example.com', body: 'Price summary' } },
          ],
        };
      if (last?.role === 'tool')
        return {
          text: 'Both searches agree: our cheapest plan costs 9 €/month, the same as the rivals.',
          delayMs: 25,
        };
      return { toolCalls: [{ id: 'plan', name: 'plan_workflow', arguments: PLAN }] };
    },
  ]);
}

/** `?baseURL=…&model=…` talks to a real OpenAI-compatible endpoint (e.g. the agent-chat proxy). */
export function pickModel(params: URLSearchParams): { model: ChatModel; label: string } {
  const baseURL = params.get('baseURL');
  if (baseURL) {
    const name = params.get('model') ?? 'gpt-4o-mini';
    return { model: openAICompatible({ baseURL, model: name }), label: `${name} at ${baseURL}` };
  }
  return {
    model: scriptedModel(),
    label: 'the scripted demo model (add ?baseURL=…/v1&model=… for a real one)',
  };
}
