// The shop's own view of search_products, and its WebMCP tools; plain script, no build step.
// Every property the chat sets is recorded in window.viewLog, so the test sees what the element received.
window.viewLog = [];
window.wishlist = [];
window.searchGate = new Promise((resolve) => {
  window.releaseSearch = resolve;
});

class TeaResults extends HTMLElement {
  #props = {};
  static {
    for (const name of ['toolName', 'callId', 'status', 'input', 'result', 'error'])
      Object.defineProperty(TeaResults.prototype, name, {
        get() {
          return this.#props[name];
        },
        set(value) {
          this.#props[name] = value;
          window.viewLog.push({ callId: this.#props.callId, name, value });
          this.#draw();
        },
      });
  }

  #draw() {
    this.dataset.status = this.#props.status ?? '';
    this.replaceChildren();
    const teas = Array.isArray(this.#props.result) ? this.#props.result : [];
    if (this.#props.status !== 'done') {
      this.textContent = `Searching for ${this.#props.input?.query ?? '…'}`;
      return;
    }
    for (const tea of teas) {
      const card = document.createElement('article');
      card.className = 'tea-card';
      const title = document.createElement('h3');
      title.textContent = tea.name;
      const ask = document.createElement('button');
      ask.textContent = 'Ask about it';
      ask.className = 'ask';
      ask.addEventListener('click', () =>
        this.#act({ type: 'send', text: `Tell me more about ${tea.name}.` }),
      );
      const wish = document.createElement('button');
      wish.textContent = 'Add to wishlist';
      wish.className = 'wish';
      wish.addEventListener('click', () =>
        this.#act({ type: 'call-tool', name: 'add_to_wishlist', args: { tea: tea.name } }),
      );
      card.append(title, ask, wish);
      this.append(card);
    }
  }

  #act(detail) {
    this.dispatchEvent(new CustomEvent('agent-chat-action', { detail, bubbles: true, composed: true }));
  }
}
customElements.define('tea-results', TeaResults);

const TEAS = [
  { name: 'Sencha', price: 12 },
  { name: 'Gyokuro', price: 28 },
];

customElements.whenDefined('agent-chat').then(() => {
  const context = document.modelContext ?? navigator.modelContext;
  context.registerTool({
    name: 'search_products',
    description: 'Searches the shop for teas.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    annotations: { readOnlyHint: true },
    execute: async () => {
      await window.searchGate;
      return TEAS;
    },
  });
  context.registerTool({
    name: 'add_to_wishlist',
    description: "Adds a tea to the visitor's wishlist.",
    inputSchema: { type: 'object', properties: { tea: { type: 'string' } }, required: ['tea'] },
    execute: async ({ tea }) => {
      window.wishlist.push(tea);
      return `Added ${tea} to the wishlist (${window.wishlist.length} item).`;
    },
  });
  context.registerTool({
    name: 'store_hours',
    description: 'Opening hours of the shop.',
    annotations: { readOnlyHint: true },
    execute: async () => 'Mon-Sat 9-18',
  });
  context.registerTool({
    name: 'check_stock',
    description: 'Stock of a tea.',
    inputSchema: { type: 'object', properties: { tea: { type: 'string' } } },
    annotations: { readOnlyHint: true },
    execute: async () => ({ inStock: 4 }),
  });
  window.toolsReady = true;
});
