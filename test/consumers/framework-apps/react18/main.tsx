// React 18 sets no properties on custom elements: the AgentChat wrapper of @agent-chat/widget/react does,
// here the page's `tools`, and its onMessage / onRunFinish props get the typed events.
// Only the wrapper's entry: it defines <agent-chat> in the browser itself (after the first render; Lit keeps the
// properties React set before). defineTool is core's, which the widget re-exports.
import { defineTool } from '@agent-chat/core';
import type { AgentChatMessageDetail } from '@agent-chat/widget';
import { AgentChat } from '@agent-chat/widget/react';
import { version } from 'react';
import { createRoot } from 'react-dom/client';

const results = {
  react: version,
  answers: [] as AgentChatMessageDetail[],
  runs: [] as string[],
  added: [] as number[],
};
(window as unknown as { reactResults: typeof results }).reactResults = results;

const tools = [
  defineTool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    execute: ({ a, b }: { a: number; b: number }) => {
      results.added.push(a + b);
      return a + b;
    },
  }),
];

function App() {
  return (
    <AgentChat
      proxyUrl={new URLSearchParams(location.search).get('proxy') ?? ''}
      model="scripted-model"
      memory="off"
      tools={tools}
      onMessage={(event) => {
        if (event.detail.role === 'assistant') results.answers.push(event.detail);
      }}
      onRunFinish={(event) => results.runs.push(event.detail.status)}
    />
  );
}

/** Never rendered: wrong props the wrapper's types must reject. */
export function Wrong() {
  return (
    <>
      {/* @ts-expect-error tools are page tools, not a string */}
      <AgentChat tools="add" />
      {/* @ts-expect-error the run-finish detail has no `answer` */}
      <AgentChat onRunFinish={(event) => event.detail.answer} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
