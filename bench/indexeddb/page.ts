// Runs inside Chromium (bundled by scripts/lib/page-bundle-server.ts): the same conversation operations
// on agent-chat's indexedDBStore and on Deep Chat's storage approach (the whole message list as one
// JSON string in localStorage, rewritten on every change), timed with performance.now().
import { indexedDBStore, type Message } from '@agent-chat/core';

declare global {
  interface Window {
    idbBench: typeof api;
  }
}

/** A realistic turn: question, tool call, a ~2 KB tool result, a ~800-character answer. */
function turn(n: number): Message[] {
  return [
    { role: 'user', content: `Question ${n}: which orders from Lyon were returned last week, and why?` },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: `c${n}`, name: 'query_orders', arguments: '{"city":"Lyon"}' }],
    },
    {
      role: 'tool',
      toolCallId: `c${n}`,
      toolName: 'query_orders',
      content: `orders[20]{id,qty,status}:\n${'  ord_7pv,3,returned\n'.repeat(100)}`,
    },
    {
      role: 'assistant',
      content: `Answer ${n}: ${'Three orders were returned because the courier damaged the boxes. '.repeat(12)}`,
    },
  ];
}

/** Deep Chat's approach: one localStorage key per conversation holding every message as JSON. */
const deepChatStyle = {
  append(key: string, all: Message[]) {
    localStorage.setItem(key, JSON.stringify({ messages: all }));
  },
  load(key: string): Message[] {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { messages: Message[] }).messages : [];
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const time = async (work: () => unknown) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

const api = {
  /** Appends `turns` turns one by one; per-append times in ms. */
  async appendTurns(turns: number) {
    const store = indexedDBStore({ name: `bench-append-${crypto.randomUUID()}` });
    const ours: number[] = [];
    for (let n = 0; n < turns; n++) ours.push(await time(() => store.append('c', turn(n))));
    store.close();
    localStorage.clear();
    const all: Message[] = [];
    const peer: number[] = [];
    for (let n = 0; n < turns; n++) {
      all.push(...turn(n));
      peer.push(await time(() => deepChatStyle.append('c', all)));
    }
    localStorage.clear();
    return { ours: median(ours), peer: median(peer) };
  },

  /** Opens a conversation of `messages` messages: a new connection and load() vs getItem + JSON.parse. */
  async openConversation(messages: number, runs: number) {
    const name = `bench-open-${crypto.randomUUID()}`;
    const seed = indexedDBStore({ name });
    const all = Array.from({ length: messages / 4 }, (_, n) => turn(n)).flat();
    await seed.import({
      format: 'agent-chat.conversation',
      version: 1,
      conversation: { id: 'c', title: 't', createdAt: 0, updatedAt: 0, messageCount: 0 },
      messages: all,
    });
    seed.close();
    deepChatStyle.append('c', all);
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < runs; i++) {
      const store = indexedDBStore({ name });
      let count = 0;
      ours.push(
        await time(async () => {
          count = (await store.load('c')).length;
        }),
      );
      store.close();
      if (count !== messages) throw new Error(`loaded ${count} messages, expected ${messages}`);
      peer.push(await time(() => deepChatStyle.load('c').length));
    }
    localStorage.clear();
    return { ours: median(ours), peer: median(peer) };
  },

  /** Lists `count` conversations, newest first: list() vs parsing a localStorage index of summaries. */
  /**
   * Writes `count` conversations of three turns (the third user message of one of them holds the word
   * looked for), then searches `runs` times: `store.search` (its index fills on the first search, timed
   * apart as `first`) against listing and loading every conversation (what a store without an index does).
   */
  async searchConversations(count: number, runs: number) {
    const store = indexedDBStore({ name: `bench-search-${crypto.randomUUID()}` });
    const target = Math.floor(count * 0.61);
    for (let n = 0; n < count; n++) {
      const third = turn(n);
      if (n === target) third[0] = { role: 'user', content: 'And can you gift-wrap the marzipan box?' };
      await store.append(`c${n}`, [...turn(n), ...turn(n + 1), ...third]);
    }
    const check = (ids: string[]) => {
      if (ids.length !== 1 || ids[0] !== `c${target}`) throw new Error(`search found ${ids.join(',')}`);
    };
    const first = await time(async () => check((await store.search('marzipan')).map((c) => c.id)));
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < runs; i++) {
      ours.push(await time(async () => check((await store.search('marzipan')).map((c) => c.id))));
      peer.push(
        await time(async () => {
          const all = await store.list();
          const texts = await Promise.all(all.map(async (c) => JSON.stringify(await store.load(c.id))));
          check(all.filter((_, k) => texts[k]!.toLowerCase().includes('marzipan')).map((c) => c.id));
        }),
      );
    }
    store.close();
    return { ours: median(ours), peer: median(peer), first };
  },
  async listConversations(count: number, runs: number) {
    const store = indexedDBStore({ name: `bench-list-${crypto.randomUUID()}` });
    const index = [];
    for (let n = 0; n < count; n++) {
      await store.append(`c${n}`, turn(n));
      index.push({ id: `c${n}`, title: `Question ${n}`, createdAt: n, updatedAt: n, messageCount: 4 });
    }
    localStorage.setItem('index', JSON.stringify(index));
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < runs; i++) {
      let listed = 0;
      ours.push(
        await time(async () => {
          listed = (await store.list()).length;
        }),
      );
      if (listed !== count) throw new Error(`listed ${listed}, expected ${count}`);
      peer.push(
        await time(
          () =>
            (JSON.parse(localStorage.getItem('index') ?? '[]') as { updatedAt: number }[]).sort(
              (a, b) => b.updatedAt - a.updatedAt,
            ).length,
        ),
      );
    }
    store.close();
    localStorage.clear();
    return { ours: median(ours), peer: median(peer) };
  },
};
window.idbBench = api;
