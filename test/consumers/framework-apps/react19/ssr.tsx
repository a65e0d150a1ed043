// A server render, as Next.js does one: in Node, without a DOM. The React entry imports without throwing and
// does not define the element (it is defined in the browser only); the wrapper and the JSX tag render to HTML.
import { AgentChat } from '@agent-chat/widget/react';
import { renderToString } from 'react-dom/server';

const defined = () => typeof customElements !== 'undefined' && Boolean(customElements.get('agent-chat'));
const wrapper = renderToString(<AgentChat proxyUrl="https://proxy.example" model="gpt-4o-mini" />);
const definedByReactEntry = defined();
// The React 19 component imports the widget itself (as a client component does in Next.js).
const { Chat } = await import('./chat.tsx');
const jsx = renderToString(<Chat proxyUrl="https://proxy.example" onAnswer={() => {}} />);
console.log(JSON.stringify({ window: typeof window, wrapper, definedByReactEntry, jsx }));
