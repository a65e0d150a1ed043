// A user's SPA on @agent-chat/core as installed from npm: the README's SDK example, a knowledge base
// whose vector index runs in the Web Worker core ships, an IndexedDB store, an MCP hub, and the local
// engines (webLLM, transformersEmbedder) whose optional packages this app has NOT installed.
import {
  createAgent,
  createKnowledgeBase,
  defineTool,
  hashingEmbedder,
  indexedDBStore,
  McpHub,
  MissingDependencyError,
  openAICompatible,
  transformersEmbedder,
  webLLM,
  workerFlatIndex,
} from '@agent-chat/core';
import { z } from 'zod';

const results = {};
window.consumerResults = results;

/** The README's ten-line example; the page's origin forwards /v1 to the model server. */
async function chat() {
  const store = indexedDBStore();
  const agent = createAgent({
    model: openAICompatible({ baseURL: `${location.origin}/v1`, model: 'scripted-model' }),
    store,
    tools: [
      defineTool({
        name: 'add',
        description: 'Adds two numbers.',
        parameters: z.object({ a: z.number(), b: z.number() }),
        execute: ({ a, b }) => a + b,
      }),
    ],
  });
  const toolResults = [];
  let conversationId;
  for await (const event of agent.run({ message: 'What is 2 + 40?' })) {
    if (event.type === 'response.chunk') document.querySelector('#answer').append(event.text);
    if (event.type === 'tool.complete') toolResults.push({ name: event.name, result: event.result });
    if (event.type === 'run.start') conversationId = event.conversationId;
  }
  const stored = conversationId ? await store.load(conversationId) : [];
  return {
    answer: document.querySelector('#answer').textContent,
    toolResults,
    storedMessages: stored.length,
  };
}

/** Hybrid search whose vectors live in workerFlatIndex's Web Worker. */
async function search() {
  const kb = createKnowledgeBase({
    embedder: hashingEmbedder({ dimensions: 64 }),
    vectorIndex: (dimensions) => workerFlatIndex({ dimensions }),
  });
  await kb.add({
    source: 'trains.md',
    content: 'The night train to Lisbon leaves at 22:10 from platform 4.',
  });
  await kb.add({ source: 'refunds.md', content: 'Refunds for cancelled tickets arrive within five days.' });
  const { mode, hits } = await kb.search('night train Lisbon');
  return { mode, top: hits[0]?.source, vectorRank: hits[0]?.vectorRank };
}

/** What a feature whose optional package is missing throws. */
async function missing(use) {
  try {
    await use();
    return { thrown: false };
  } catch (error) {
    return {
      thrown: true,
      typed: error instanceof MissingDependencyError,
      name: error.name,
      code: error.code,
      packageName: error.packageName,
      message: error.message,
    };
  }
}

async function main() {
  results.mcpTools = (await new McpHub({ servers: [] }).tools()).length;
  results.chat = await chat();
  results.search = await search();
  results.webLLM = await missing(async () => {
    for await (const _ of webLLM().stream({ messages: [{ role: 'user', content: 'hi' }] })) {
      // never reached: the engine cannot load
    }
  });
  results.transformers = await missing(() =>
    transformersEmbedder({ allowRemoteModels: false, device: 'wasm' }).embed(['hello']),
  );
}

main().then(
  () => {
    results.done = true;
  },
  (error) => {
    results.done = true;
    results.error = String(error?.stack ?? error);
  },
);
