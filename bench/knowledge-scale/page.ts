// The page of the knowledge-scale benchmark: one visit of a site whose chat has knowledge, by either
// path, the way the widget's knowledge controller does it (documents synced or the built index opened,
// then the tools), measured in the page. Bundled by esbuild with workspace packages from source.
import {
  createKnowledgeBase,
  indexedDBKnowledgeCache,
  indexedDBRagStore,
  openKnowledgeIndex,
} from '@agent-chat/core';
import { syncKnowledge } from '../../packages/widget/src/knowledge/knowledge-sync.ts';

export interface VisitResult {
  /** From the start of the visit until rag_search can answer from the whole knowledge (ms). */
  readyMs: number;
  /** Until the first rag_search result (ready + one search, texts of the hits loaded). */
  firstSearchMs: number;
  /** Until every document is revalidated (or fetched) and the keyword index saved. */
  syncedMs: number;
  /** Until a message sent at load would reach the model (the widget no longer waits for the knowledge sync). */
  messageToModelMs: number;
  longestTaskMs: number;
  /** The long animation frames of the visit with the scripts that ran in them (Chromium's attribution). */
  longFrames: string[];
  indexedDBBytes: number;
  /** The source of the first hit, to check the answer is right. */
  firstSource: string;
}

interface PagefindModule {
  search(query: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
}

declare global {
  interface Window {
    knowledgeBench: {
      visit(path: 'in-browser' | 'built', query: string, keywordWorker: boolean): Promise<VisitResult>;
      pagefind(query: string): Promise<string>;
    };
  }
}

const longTasks: number[] = [];
const longFrames: string[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    longTasks.push(entry.duration);
    console.debug(`long task at ${entry.startTime.toFixed(0)} ms for ${entry.duration.toFixed(0)} ms`);
  }
}).observe({ type: 'longtask', buffered: true });

/** The scripts behind a frame with a long task (Long Animation Frames), reported with the visit. */
interface LongFrameScript {
  duration: number;
  invoker: string;
  sourceFunctionName: string;
  sourceURL: string;
  sourceCharPosition: number;
}
if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      blockingDuration: number;
      scripts: LongFrameScript[];
    })[]) {
      if (entry.blockingDuration <= 0) continue;
      const scripts = entry.scripts
        .filter((s) => s.duration > 20)
        .map(
          (s) =>
            `${s.invoker} ${s.sourceFunctionName}@${s.sourceURL.split('/').pop()}:${s.sourceCharPosition} ${s.duration.toFixed(0)} ms`,
        );
      longFrames.push(
        `at ${entry.startTime.toFixed(0)} ms for ${entry.duration.toFixed(0)} ms: ${scripts.join('; ') || 'no script over 20 ms (rendering, GC or IndexedDB)'}`,
      );
    }
  }).observe({ type: 'long-animation-frame', buffered: true });

async function visit(
  path: 'in-browser' | 'built',
  query: string,
  keywordWorker: boolean,
): Promise<VisitResult> {
  const start = performance.now();
  longTasks.length = 0;
  longFrames.length = 0;
  const kb = createKnowledgeBase({
    store: indexedDBRagStore({ databaseName: 'bench-knowledge' }),
    keywordWorker,
  });
  // The widget hands the model its knowledge tools once the knowledge base exists; they wait for the sync when called.
  const messageToModelMs = performance.now() - start;
  if (path === 'built')
    kb.setIndex(
      await openKnowledgeIndex('/knowledge/', {
        cache: indexedDBKnowledgeCache({ databaseName: 'bench-files' }),
      }),
    );
  // As the widget's tools wait: for documents stored on an earlier visit (revalidated meanwhile), else the sync.
  const synced =
    path === 'built'
      ? Promise.resolve(undefined)
      : syncKnowledge(kb, [new URL('/docs/manifest.json', location.href).href]);
  if (!(await kb.documents()).some((d) => d.metadata.origin === 'knowledge')) await synced;
  const readyMs = performance.now() - start;
  // What rag_search runs (knowledgeTools): the five best chunks with their texts.
  const result = await kb.search(query, { k: 5 });
  const firstSearchMs = performance.now() - start;
  await synced;
  await kb.flush();
  const syncedMs = performance.now() - start;
  const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
    usageDetails?: { indexedDB?: number };
  };
  return {
    readyMs,
    firstSearchMs,
    syncedMs,
    messageToModelMs,
    longestTaskMs: Math.max(0, ...longTasks),
    longFrames: [...longFrames],
    indexedDBBytes: estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0,
    firstSource: result.hits[0]?.source ?? '',
  };
}

async function pagefind(query: string): Promise<string> {
  const module = (await import(
    /* @vite-ignore */ `${location.origin}/pagefind/pagefind.js`
  )) as PagefindModule;
  const { results } = await module.search(query);
  const top = await Promise.all(results.slice(0, 5).map((r) => r.data()));
  return top[0]?.url ?? '';
}

window.knowledgeBench = { visit, pagefind };
