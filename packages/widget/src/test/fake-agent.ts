import {
  type Agent,
  type AgentEvent,
  type AgentEventBody,
  efficiencyLog,
  memoryStore,
} from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';

/** A step of a scripted run: an event body to emit, a pause, or a wait for the user's answer. */
export type ScriptStep =
  | AgentEventBody
  | { wait: number }
  | { awaitResponse: string }
  | { until: (signal: AbortSignal) => Promise<void> };

/** A fake agent for widget tests: each `run()` plays the next script; `respond` records answers. */
export interface FakeAgent extends Agent {
  readonly responses: Array<{ requestId: string; value: unknown }>;
  readonly inputs: Array<{ message: string; conversationId?: string }>;
}

/**
 * Builds an agent whose runs yield scripted events (with run.start / run.finish around them), so the
 * element can be tested against every event of the contract before the producers exist.
 */
export function fakeAgent(scripts: Array<(message: string) => ScriptStep[]>): FakeAgent {
  const responses: FakeAgent['responses'] = [];
  const inputs: FakeAgent['inputs'] = [];
  const waiting = new Map<string, (value: unknown) => void>();
  let runs = 0;
  return {
    model: mockModel([{ text: '' }]),
    store: memoryStore(),
    tools: new Map(),
    responses,
    inputs,
    pending: async () => [],
    decisionMode: 'native-tools',
    efficiency: efficiencyLog(),
    // Answers the scripted run that waits on this request; that run goes on by itself.
    // biome-ignore lint/correctness/useYield: an answer given in place yields no events of its own.
    async *respond(requestId, value) {
      responses.push({ requestId, value });
      waiting.get(requestId)?.(value);
    },
    async *run({ message, conversationId, signal }) {
      inputs.push({ message, ...(conversationId ? { conversationId } : {}) });
      const runId = `run-${++runs}`;
      let seq = 0;
      const event = (body: AgentEventBody) => ({ ...body, runId, seq: seq++, ts: Date.now() }) as AgentEvent;
      yield event({ type: 'run.start', conversationId: conversationId ?? 'conv-1', message });
      const script = scripts[Math.min(runs - 1, scripts.length - 1)]!(message);
      for (const step of script) {
        if (signal?.aborted) {
          yield event({ type: 'run.finish', status: 'aborted', turns: 1 });
          return;
        }
        if ('wait' in step) await new Promise((r) => setTimeout(r, step.wait));
        else if ('awaitResponse' in step)
          await new Promise((resolve) => waiting.set(step.awaitResponse, resolve));
        else if ('until' in step) await step.until(signal!).catch(() => {});
        else yield event(step);
      }
      yield event({ type: 'run.finish', status: signal?.aborted ? 'aborted' : 'completed', turns: 1 });
    },
  };
}
