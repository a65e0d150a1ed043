// The app: a cart, the chat beside it, and the last answer in React state. `?proxy=http://127.0.0.1:8787`
// and `?model=` point it at your proxy (`pnpm demo` starts one).
import '@agent-chat/widget'; // defines <agent-chat> before the first render, so React 19 sets its properties
import type { AgentChatMessageDetail } from '@agent-chat/widget';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Chat } from './chat.js';

const params = new URLSearchParams(location.search);

function App() {
  const [cart, setCart] = useState(['Night train to Lisbon, seat 42']);
  const [last, setLast] = useState<AgentChatMessageDetail>();
  return (
    <main style={{ display: 'grid', gap: '1rem', maxWidth: '48rem', margin: '2rem auto' }}>
      <h1>agent-chat in React</h1>
      <p>
        Cart: {cart.join(', ')}{' '}
        <button type="button" onClick={() => setCart([...cart, 'Breakfast'])}>
          Add breakfast
        </button>
      </p>
      <Chat
        proxyUrl={params.get('proxy') ?? 'http://127.0.0.1:8787'}
        model={params.get('model') ?? 'gpt-4o-mini'}
        cart={cart}
        onAnswer={setLast}
      />
      <p aria-live="polite">Last answer: {last?.text ?? '—'}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
