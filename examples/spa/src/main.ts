import { type AgentEvent, createAgent, indexedDBCheckpointStore } from '@agent-chat/core';
import { pickModel, tools } from './demo.js';
import { EventView } from './event-view.js';

const { model, label } = pickModel(new URLSearchParams(location.search));
const agent = createAgent({
  model,
  tools,
  workflows: true,
  clarify: true,
  systemPrompt: 'You compare prices. Plan a workflow when several searches are needed.',
  // A pending approval or question survives a reload of this page.
  checkpoints: indexedDBCheckpointStore({ name: 'agent-chat-spa-example' }),
});

const log = document.querySelector<HTMLOListElement>('#log')!;
const form = document.querySelector<HTMLFormElement>('#ask')!;
const input = document.querySelector<HTMLInputElement>('#message')!;
const stop = document.querySelector<HTMLButtonElement>('#stop')!;
document.querySelector('#mode')!.textContent = `Model: ${label}.`;
const view = new EventView({
  log,
  respond: (requestId, value) => void play(agent.respond(requestId, value)),
});
let conversationId: string | undefined;
let controller: AbortController | undefined;

/** Plays one run's events into the view; one run at a time. */
async function play(events: AsyncIterable<AgentEvent>): Promise<void> {
  stop.disabled = false;
  try {
    for await (const event of events) {
      if (event.type === 'run.start') conversationId = event.conversationId;
      view.apply(event);
    }
  } catch (error) {
    view.apply({
      type: 'error',
      code: 'page',
      message: String(error),
      retryable: false,
      runId: '',
      seq: 0,
      ts: Date.now(),
    });
  } finally {
    stop.disabled = true;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const message = input.value.trim();
  if (!message) return;
  input.value = '';
  controller = new AbortController();
  void play(agent.run({ message, signal: controller.signal, ...(conversationId ? { conversationId } : {}) }));
});
stop.addEventListener('click', () => controller?.abort());

// After a reload, show what a paused run still waits for.
void showPending();

async function showPending(): Promise<void> {
  for (const request of await agent.pending()) {
    conversationId = request.conversationId;
    view.apply(
      request.kind === 'approval'
        ? {
            type: 'approval.request',
            requestId: request.requestId,
            toolCallId: request.toolCallId,
            name: request.name,
            args: request.args,
            runId: '',
            seq: 0,
            ts: Date.now(),
          }
        : {
            type: 'clarify.request',
            requestId: request.requestId,
            question: request.question ?? '',
            source: 'ask_user',
            runId: '',
            seq: 0,
            ts: Date.now(),
          },
    );
  }
}
