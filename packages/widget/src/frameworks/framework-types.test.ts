// Compile-time checks of the framework typings (`pnpm typecheck` fails when one goes wrong: each
// `@ts-expect-error` must meet an error), and the React wrapper at work in Chromium.

import { createElement, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { JSX as SolidJSX } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeAgent } from '../test/fake-agent.js';
import { send } from '../test/mount.js';
import { AGENT_CHAT_EVENTS } from './agent-chat-api.generated.js';
import { AgentChat, type AgentChatJSXProps } from './react.js';
import type { AgentChatSolidProps } from './solid.js';
import type { AgentChatSvelteProps } from './svelte.js';
import type { AgentChatVueProps } from './vue.js';

const tools: AgentChatElement['tools'] = [];

export const react: AgentChatJSXProps[] = [
  {
    'proxy-url': 'https://proxy.example',
    model: 'gpt-4o-mini',
    theme: 'dark',
    workflows: true,
    tools,
    proxyUrl: 'https://proxy.example',
    'onagent-chat-message': (event) => event.detail.text.toUpperCase(),
    'onagent-chat-run-finish': (event) => event.detail.status,
    ref: (element: AgentChatElement | null) => {
      void element?.open();
    },
  },
  // @ts-expect-error theme takes light, dark or auto
  { theme: 'purple' },
  // @ts-expect-error a boolean attribute
  { workflows: 'yes' },
  // @ts-expect-error tools are PageTool objects
  { tools: 'add' },
  // @ts-expect-error a misspelled property
  { proxyUlr: 'https://proxy.example' },
  // @ts-expect-error the message detail has no `answer`
  { 'onagent-chat-message': (event) => event.detail.answer },
];

export const vue: AgentChatVueProps[] = [
  { proxyUrl: 'https://proxy.example', mcpServers: '[{"id":"docs"}]', tools },
  { onAgentChatMessage: (event) => event.detail.role, onAgentChatError: (event) => event.detail.code },
  // @ts-expect-error theme takes light, dark or auto
  { theme: 'purple' },
  // @ts-expect-error the error detail has no `status`
  { onAgentChatError: (event) => event.detail.status },
];

export const svelte: AgentChatSvelteProps[] = [
  {
    'proxy-url': 'https://proxy.example',
    class: 'chat',
    tools,
    'onagent-chat-message': (e) => e.detail.text,
  },
  // @ts-expect-error a boolean attribute
  { reflect: 'yes' },
];

export const solid: SolidJSX.IntrinsicElements['agent-chat'][] = [
  {
    'proxy-url': 'https://proxy.example',
    'prop:tools': tools,
    'on:agent-chat-message': (e) => e.detail.text,
  },
  // @ts-expect-error tools are PageTool objects
  { 'prop:tools': 'add' },
];
export const solidProps: AgentChatSolidProps = { 'prop:agent': undefined, 'on:agent-chat-open': () => {} };

describe('AgentChat, the React wrapper', () => {
  it('sets properties on the element and calls the typed event props with the events it dispatches', async () => {
    const agent = fakeAgent([() => [{ type: 'response.done', text: 'Hello from React.' }]]);
    const messages: string[] = [];
    const finished: string[] = [];
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const ref = createRef<AgentChatElement>();
    const pageTools = [
      { name: 'add', description: 'Adds.', parameters: { type: 'object' as const }, execute: () => 1 },
    ];
    root.render(
      createElement(AgentChat, {
        ref,
        agent,
        tools: pageTools,
        theme: 'dark',
        onMessage: (event) => messages.push(`${event.detail.role}: ${event.detail.text}`),
        onRunFinish: (event) => finished.push(event.detail.status),
      }),
    );
    await expect.poll(() => ref.current?.shadowRoot?.querySelector('textarea')).toBeTruthy();
    const element = ref.current!;
    expect(element).toBeInstanceOf(customElements.get('agent-chat')!);
    expect(element.tools).toBe(pageTools);
    expect(element.getAttribute('theme')).toBe('dark');
    await send(element, 'Hi');
    await expect.poll(() => messages).toEqual(['user: Hi', 'assistant: Hello from React.']);
    expect(finished).toEqual(['completed']);
    // Every prop the wrapper maps is an event of the element's map (the generated table cannot name others).
    expect(Object.keys(AGENT_CHAT_EVENTS)).toEqual(
      expect.arrayContaining(['onMessage', 'onRunFinish', 'onError']),
    );
    root.unmount();
    host.remove();
  });
});
