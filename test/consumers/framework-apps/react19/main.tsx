import type { AgentChatMessageDetail } from '@agent-chat/widget';
import { createRoot } from 'react-dom/client';
import { Chat } from './chat.tsx';

const results: { answers: AgentChatMessageDetail[]; react: string } = { answers: [], react: '' };
(window as unknown as { reactResults: typeof results }).reactResults = results;
import('react').then(({ version }) => {
  results.react = version;
});

const proxyUrl = new URLSearchParams(location.search).get('proxy') ?? '';
createRoot(document.getElementById('root')!).render(
  <Chat proxyUrl={proxyUrl} onAnswer={(detail) => results.answers.push(detail)} />,
);
