import { join } from 'node:path';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { servePageBundle } from '../../scripts/lib/page-bundle-server.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import type {} from './page.ts';

const PEER = 'localStorage JSON (deep-chat@2.4.2 browserStorage approach)';
const SEARCH_PEER = 'indexedDBStore list() + load() of every conversation (a store without a search index)';
const round = (ms: number) => Math.round(ms * 1000) / 1000;

export const benchmark: Benchmark = {
  description:
    'Conversation storage in headless Chromium (Debian build), timed in the page with performance.now(), medians: ' +
    'append one 4-message turn (~3 KB) to a growing conversation (200 appends), open a 1,000-message conversation ' +
    '(new connection + load), list 500 conversations, search 500 conversations for a word. agent-chat = indexedDBStore (one IndexedDB transaction per turn); ' +
    "peer = Deep Chat's browserStorage approach (the whole message list JSON.stringified into one localStorage key per change; " +
    'listing parses an index key). localStorage is synchronous and capped at ~5 MB, IndexedDB is neither.',
  method:
    'One headless Chromium page (Debian build), the same turns and messages for both subjects, timed in the page with ' +
    'performance.now() around each call (awaited; IndexedDB transactions committed). Subjects run one after the other per ' +
    'operation, agent-chat first, each on its own fresh database or cleared localStorage. Append: 200 appends, median. ' +
    'Open: the conversation is written first (outside the timing), then 15 runs each with a new store connection, ' +
    'median (the connection open is inside the timing, as a page load pays it). List: 500 conversations written first, ' +
    '15 runs, median. Search: 500 conversations of 3 turns written first, a word of one third user message searched, ' +
    'the first search (which fills the index) apart, then 15 runs, median; against list() + load() of every conversation. The page is loaded and warm (its code parsed) before anything is timed.',
  async run(context) {
    const server = await servePageBundle(join(import.meta.dirname, 'page.ts'));
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
      const rows: Measurement[] = [];
      const add = (metric: string, result: { ours: number; peer: number }, goal: number) => {
        rows.push({ subject: AGENT_CHAT, metric, value: round(result.ours), unit: 'ms' });
        rows.push({ subject: PEER, metric, value: round(result.peer), unit: 'ms' });
        context.log(
          `${metric}: ${result.ours.toFixed(2)} ms (goal ≤ ${goal} ms), peer ${result.peer.toFixed(2)} ms`,
        );
        if (result.ours > goal) context.log(`  misses the ≤ ${goal} ms goal`);
      };
      add('append_turn_p50_ms', await page.evaluate(() => window.idbBench.appendTurns(200)), 5);
      add(
        'open_1000_message_conversation_ms',
        await page.evaluate(() => window.idbBench.openConversation(1000, 15)),
        50,
      );
      add(
        'list_500_conversations_ms',
        await page.evaluate(() => window.idbBench.listConversations(500, 15)),
        50,
      );
      const search = await page.evaluate(() => window.idbBench.searchConversations(500, 15));
      rows.push(
        { subject: AGENT_CHAT, metric: 'search_500_conversations_ms', value: round(search.ours), unit: 'ms' },
        {
          subject: SEARCH_PEER,
          metric: 'search_500_conversations_ms',
          value: round(search.peer),
          unit: 'ms',
        },
      );
      context.log(
        `search_500_conversations_ms: ${search.ours.toFixed(2)} ms (goal ≤ 50 ms; first search, indexing all: ${search.first.toFixed(1)} ms), without the index ${search.peer.toFixed(2)} ms`,
      );
      if (search.ours > 50) context.log('  misses the ≤ 50 ms goal');
      return rows;
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
