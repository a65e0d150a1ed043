// The component of the widget README's React 19 section: <agent-chat> in JSX, typed by
// @agent-chat/widget/react (attributes, properties, events in React 19's form, a ref to the element).
import '@agent-chat/widget';
import { type AgentChatElement, type AgentChatMessageDetail, defineTool } from '@agent-chat/widget';
import { reactToolView, type ToolViewComponentProps } from '@agent-chat/widget/react';
import { useRef } from 'react';

type Tea = { name: string };

/** A tool's view as a React component: the call's fields as props, `act` to answer back into the chat. */
function TeaResults({ status, input, result, act }: ToolViewComponentProps<{ query: string }, Tea[]>) {
  return (
    <div className="tea-view" data-status={status}>
      <p>Teas for {input?.query}</p>
      {(result ?? []).map((tea) => (
        <button
          key={tea.name}
          type="button"
          onClick={() => act({ type: 'send', text: `Tell me about ${tea.name}.` })}
        >
          Ask about {tea.name}
        </button>
      ))}
    </div>
  );
}
const teaResults = reactToolView(TeaResults);
const tools = [
  defineTool({
    name: 'search_products',
    description: 'Searches the shop for teas.',
    parameters: { type: 'object', properties: { query: { type: 'string' } } },
    execute: () => [{ name: 'Sencha' }, { name: 'Gyokuro' }],
  }),
];
const toolViews = { search_products: teaResults };

export function Chat(props: { proxyUrl: string; onAnswer: (detail: AgentChatMessageDetail) => void }) {
  const ref = useRef<AgentChatElement>(null);
  return (
    <agent-chat
      ref={ref}
      proxy-url={props.proxyUrl}
      model="scripted-model"
      theme="light"
      memory="off"
      tools={tools}
      toolViews={toolViews}
      onagent-chat-message={(event) => {
        if (event.detail.role === 'assistant') props.onAnswer(event.detail);
      }}
      onagent-chat-error={(event) => console.error(event.detail.code, event.detail.message)}
    />
  );
}

/** Never used: a React tool view reading a prop the chat does not set. */
// @ts-expect-error a tool view's props have `result`, not `resutl`
export const misspelledView = reactToolView(({ resutl }: ToolViewComponentProps) => <p>{String(resutl)}</p>);

/** Never rendered: wrong values the typings must reject (an unused directive fails tsc). */
export function Wrong() {
  return (
    <>
      <agent-chat
        // @ts-expect-error theme takes light, dark or auto
        theme="purple"
      />
      <agent-chat
        // @ts-expect-error workflows is a boolean attribute
        workflows="yes"
      />
      <agent-chat
        // @ts-expect-error tools are page tools, not a string
        tools="add"
      />
      <agent-chat
        // @ts-expect-error a misspelled property
        proxyUlr="https://proxy.example"
      />
      <agent-chat
        // @ts-expect-error the message detail has no `answer`
        onagent-chat-message={(event) => event.detail.answer}
      />
    </>
  );
}
