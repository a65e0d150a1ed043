// Bundled into the page of indexeddb-durability.test.ts: the real core, a real IndexedDB store and a
// scripted model, driven from the test with page.evaluate.
import { createAgent, indexedDBStore, type Message } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';

declare global {
  interface Window {
    durability: typeof api;
  }
}

const api = {
  /** Runs one agent turn on the conversation; `slow` streams the answer over ~10 s (to close the page mid-turn). */
  async runTurn(conversationId: string, message: string, answer: string, slow = false) {
    const model = mockModel([{ text: answer, ...(slow ? { chunkSize: 1, delayMs: 100 } : {}) }]);
    const agent = createAgent({ model, store: indexedDBStore({ name: 'durability' }) });
    const types: string[] = [];
    for await (const event of agent.run({ conversationId, message })) {
      types.push(event.type);
      if (event.type === 'response.chunk') (window as unknown as { __streaming: boolean }).__streaming = true;
    }
    return types;
  },
  async load(conversationId: string) {
    return indexedDBStore({ name: 'durability' }).load(conversationId);
  },
  async list() {
    return indexedDBStore({ name: 'durability' }).list();
  },
  /** Starts appending a very large turn without waiting for it. */
  startBigAppend(conversationId: string, count: number) {
    const messages: Message[] = [{ role: 'user', content: 'big turn' }];
    for (let i = 1; i < count; i++)
      messages.push({ role: 'assistant', content: `part ${i} ${'x'.repeat(200)}` });
    void indexedDBStore({ name: 'durability' }).append(conversationId, messages);
  },
  /** Records every store change this tab hears (its own and other tabs') in `changes`. */
  changes: [] as string[],
  watch() {
    indexedDBStore({ name: 'durability' }).onChange((change) =>
      api.changes.push(`${change.type}:${change.conversationId}`),
    );
  },
  /** Appends `turns` turns labelled `tab`, all started at once, each with a summary of its answer. */
  async appendTurns(conversationId: string, tab: string, turns: number) {
    const store = indexedDBStore({ name: 'durability' });
    await Promise.all(
      Array.from({ length: turns }, (_, i) =>
        store.append(
          conversationId,
          [
            { role: 'user', content: `${tab}${i} question` },
            {
              role: 'assistant',
              content: '',
              toolCalls: [{ id: `${tab}${i}`, name: 'lookup', arguments: '{}' }],
            },
            { role: 'tool', toolCallId: `${tab}${i}`, toolName: 'lookup', content: `${tab}${i} result` },
            { role: 'assistant', content: `${tab}${i} answer` },
          ],
          [{ index: 3, text: `${tab}${i} answer summary`, method: 'extractive' }],
        ),
      ),
    );
  },
  async summaries(conversationId: string) {
    return indexedDBStore({ name: 'durability' }).loadSummaries(conversationId);
  },
};
window.durability = api;
