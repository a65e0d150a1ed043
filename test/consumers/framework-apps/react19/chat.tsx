// The component of the widget README's React 19 section: <agent-chat> in JSX, typed by
// @agent-chat/widget/react (attributes, properties, events in React 19's form, a ref to the element).
import '@agent-chat/widget';
import type { AgentChatElement, AgentChatMessageDetail } from '@agent-chat/widget';
import type {} from '@agent-chat/widget/react';
import { useRef } from 'react';

export function Chat(props: { proxyUrl: string; onAnswer: (detail: AgentChatMessageDetail) => void }) {
  const ref = useRef<AgentChatElement>(null);
  return (
    <agent-chat
      ref={ref}
      proxy-url={props.proxyUrl}
      model="scripted-model"
      theme="light"
      memory="off"
      onagent-chat-message={(event) => {
        if (event.detail.role === 'assistant') props.onAnswer(event.detail);
      }}
      onagent-chat-error={(event) => console.error(event.detail.code, event.detail.message)}
    />
  );
}

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
