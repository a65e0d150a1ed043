/** The bench pages: each streams the same tokens at a fixed rate into one chat, then sets `window.__done`. */

const SCHEDULE = `
  // Token i is due at start + i * interval: the rate holds even when a frame runs long.
  function schedule(tokens, interval, onToken, onEnd) {
    const start = performance.now();
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < tokens.length && start + i * interval <= now) onToken(tokens[i++]);
      if (i < tokens.length) setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
      else onEnd();
    };
    tick();
  }
  const settle = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
`;

const FRAME = `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>
<style>body{margin:0;font-family:system-ui} .chat{display:block;width:720px;height:800px}</style></head><body>`;

/** `<agent-chat>` from the script-tag build with a fake agent that yields one `response.chunk` per token. */
export function agentChatPage(interval: number): string {
  return `${FRAME}<agent-chat class="chat" style="--agent-chat-height:800px"></agent-chat>
<script type="module">
  import '/agent-chat.js';
  ${SCHEDULE}
  const tokens = await (await fetch('/tokens.json')).json();
  const chat = document.querySelector('agent-chat');
  chat.agent = {
    model: { id: 'bench', capabilities: {}, stream() { throw new Error('unused'); } },
    store: undefined,
    tools: new Map(),
    async *run({ message }) {
      let seq = 0;
      const e = (body) => ({ ...body, runId: 'bench', seq: seq++, ts: Date.now() });
      yield e({ type: 'run.start', conversationId: 'bench', message });
      const queue = [];
      let wake;
      let ended = false;
      schedule(tokens, ${interval}, (t) => { queue.push(t); wake?.(); }, () => { ended = true; wake?.(); });
      while (true) {
        while (queue.length) yield e({ type: 'response.chunk', turn: 1, text: queue.shift() });
        if (ended) break;
        await new Promise((r) => (wake = r));
        wake = undefined;
      }
      yield e({ type: 'response.done', text: tokens.join('') });
      yield e({ type: 'run.finish', status: 'completed', turns: 1 });
    },
  };
  window.__start = async () => {
    // Load the Markdown chunk before measuring, as a page would have by its second answer.
    await import('/agent-chat.js');
    const box = chat.shadowRoot.querySelector('textarea');
    box.value = 'Go';
    chat.addEventListener('agent-chat-run-finish', async () => {
      await settle();
      window.__text = chat.shadowRoot.querySelector('[part~="message-assistant"]').textContent;
      window.__done = true;
    });
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
  };
  window.__ready = true;
</script></body></html>`;
}

/** deep-chat from its own bundle, fed through its documented \`connect: { stream: true, handler }\`. */
export function deepChatPage(interval: number): string {
  return `${FRAME}<deep-chat class="chat" style="width:720px;height:800px"></deep-chat>
<script type="module">
  import '/deep-chat.js';
  ${SCHEDULE}
  const tokens = await (await fetch('/tokens.json')).json();
  const chat = document.querySelector('deep-chat');
  chat.connect = {
    stream: true,
    handler: (_body, signals) => {
      signals.onOpen();
      schedule(tokens, ${interval}, (t) => signals.onResponse({ text: t }), async () => {
        signals.onClose();
        await settle();
        window.__text = chat.getMessages().at(-1)?.text ?? '';
        window.__done = true;
      });
    },
  };
  await customElements.whenDefined('deep-chat');
  window.__start = () => chat.submitUserMessage({ text: 'Go' });
  window.__ready = true;
</script></body></html>`;
}
