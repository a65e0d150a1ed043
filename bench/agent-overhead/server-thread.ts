// The scripted model server of bench/agent-overhead, in its own worker thread of the measuring process:
// the subjects share one process with it, yet the main thread's CPU time (process.threadCpuUsage) and
// heap are the client's alone. Messages: { queue: n } queues the conversation n times and answers with
// the number of turns that were still queued before (0 when the last run consumed exactly its turns).
import { parentPort } from 'node:worker_threads';
import { startScriptedModelServer } from '../../test/model-server/scripted-model-server.ts';
import { conversation } from './conversation.ts';

const server = await startScriptedModelServer({ idleTimeoutMs: 600_000 });
const port = parentPort!;
port.on('message', async (message: { queue?: number; close?: true }) => {
  if (message.close) {
    await server.close();
    port.close();
    return;
  }
  const left = server.pending;
  for (let i = 0; i < (message.queue ?? 0); i++) server.enqueue(...conversation());
  // The server keeps every request it received; the bench needs none of them.
  server.requests.length = 0;
  port.postMessage({ left });
});
port.postMessage({ baseURL: server.baseURL });
