// Bundled and imported by bench/model-mistakes/index.ts: plays every task of every mistake class through
// both loops, one after the other, against one scripted model server in this process.
import { createServer } from 'node:net';
import { startScriptedModelServer } from '../../test/model-server/scripted-model-server.ts';
import { CLASSES, expectedAnswer, type MistakeClass, question, simulatedModel, TASKS } from './classes.ts';
import { agentChat, aiSdk, type Outcome, type Subject } from './subjects.ts';

/** One task of one class through one loop. */
export interface TaskResult extends Outcome {
  subject: 'agent-chat' | 'ai-sdk';
  mistake: string;
  task: number;
  /** Model calls the loop made (HTTP requests sent, the refused one included). */
  modelCalls: number;
  recovered: boolean;
  ms: number;
}

/** A port nothing listens on: a connection to it is refused by the OS. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The `fetch` both loops get: counts calls; with `refuse`, the first goes to the closed port. */
function countingFetch(refuse: boolean, port: number) {
  const counter = {
    calls: 0,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      counter.calls++;
      const url = input instanceof Request ? input.url : String(input);
      const target = refuse && counter.calls === 1 ? url.replace(/:\d+\//, `:${port}/`) : url;
      return fetch(target, init);
    }) as typeof fetch,
  };
  return counter;
}

export async function measure(log: (line: string) => void): Promise<TaskResult[]> {
  const server = await startScriptedModelServer({ idleTimeoutMs: 600_000 });
  const port = await closedPort();
  const subjects: Array<[TaskResult['subject'], Subject]> = [
    ['agent-chat', agentChat],
    ['ai-sdk', aiSdk],
  ];
  const results: TaskResult[] = [];
  try {
    for (const mistake of CLASSES)
      for (const index of TASKS.keys())
        for (const [subject, run] of subjects) {
          results.push(await play(server, port, mistake, index, subject, run));
          const last = results.at(-1)!;
          log(
            `${mistake.id} #${index + 1} ${subject}: ${last.recovered ? 'recovered' : 'NOT recovered'} in ${last.modelCalls} calls` +
              (last.error ? ` (${last.error.code ?? 'untyped'}: ${last.error.message.slice(0, 100)})` : '') +
              (last.answer !== undefined && !last.recovered
                ? ` answer ${JSON.stringify(last.answer.slice(0, 60))}`
                : ''),
          );
        }
  } finally {
    await server.close();
  }
  return results;
}

async function play(
  server: Awaited<ReturnType<typeof startScriptedModelServer>>,
  port: number,
  mistake: MistakeClass,
  index: number,
  subject: TaskResult['subject'],
  run: Subject,
): Promise<TaskResult> {
  const task = TASKS[index]!;
  server.respondWith(simulatedModel(mistake, task, index));
  const counter = countingFetch(mistake.refused === true, port);
  const started = performance.now();
  const outcome = await run({ baseURL: server.baseURL, fetch: counter.fetch, prompt: question(task), task });
  const ms = performance.now() - started;
  server.respondWith(undefined);
  const recovered = !outcome.hung && outcome.toolRuns > 0 && outcome.answer === expectedAnswer(task);
  return { ...outcome, subject, mistake: mistake.id, task: index, modelCalls: counter.calls, recovered, ms };
}
