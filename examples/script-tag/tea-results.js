// The shop's own view of search_products (its tool definition says `view: 'tea-results'`): each search shows
// as cards in the chat, themed with the chat's colours (--agent-chat-*), with "Ask about it" (sends a message)
// and "Add to wishlist" (runs the page's add_to_wishlist tool; the chat asks before it runs).
class TeaResults extends HTMLElement {
  #status = 'running';
  #result;
  #input;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }

  set status(value) {
    this.#status = value;
    this.#draw();
  }
  get status() {
    return this.#status;
  }
  set input(value) {
    this.#input = value;
    this.#draw();
  }
  get input() {
    return this.#input;
  }
  set result(value) {
    this.#result = value;
    this.#draw();
  }
  get result() {
    return this.#result;
  }

  #act(detail) {
    this.dispatchEvent(new CustomEvent('agent-chat-action', { detail, bubbles: true, composed: true }));
  }

  #draw() {
    const root = this.shadowRoot;
    const style = document.createElement('style');
    style.textContent = `
      :host { display: block; }
      .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: 0.5rem; }
      article { border: 1px solid var(--agent-chat-border); border-radius: var(--agent-chat-radius);
        background: var(--agent-chat-background); padding: 0.6rem; display: flex; flex-direction: column; gap: 0.3rem; }
      h3 { margin: 0; font-size: 1em; }
      p { margin: 0; color: var(--agent-chat-muted); font-size: 0.9em; }
      .price { color: var(--agent-chat-color); font-weight: 600; }
      button { font: inherit; cursor: pointer; border-radius: var(--agent-chat-radius); padding: 0.2rem 0.5rem;
        border: 1px solid var(--agent-chat-accent); background: var(--agent-chat-accent); color: var(--agent-chat-accent-text); }
      button.secondary { background: transparent; color: var(--agent-chat-color); border-color: var(--agent-chat-border); }`;
    const teas = Array.isArray(this.#result) ? this.#result : [];
    if (this.#status !== 'done') {
      const p = document.createElement('p');
      p.textContent = `Searching for “${this.#input?.query ?? ''}”…`;
      root.replaceChildren(style, p);
      return;
    }
    const cards = document.createElement('div');
    cards.className = 'cards';
    for (const tea of teas) {
      const card = document.createElement('article');
      const title = document.createElement('h3');
      title.textContent = tea.name;
      const description = document.createElement('p');
      description.textContent = tea.description;
      const price = document.createElement('p');
      price.className = 'price';
      price.textContent = `${Number(tea.price).toFixed(2)} €`;
      const ask = document.createElement('button');
      ask.type = 'button';
      ask.textContent = 'Ask about it';
      ask.addEventListener('click', () =>
        this.#act({ type: 'send', text: `Tell me more about ${tea.name}.` }),
      );
      const wish = document.createElement('button');
      wish.type = 'button';
      wish.className = 'secondary';
      wish.textContent = 'Add to wishlist';
      wish.addEventListener('click', () =>
        this.#act({ type: 'call-tool', name: 'add_to_wishlist', args: { tea: tea.name } }),
      );
      card.append(title, description, price, ask, wish);
      cards.append(card);
    }
    if (!teas.length) cards.textContent = 'No teas found.';
    root.replaceChildren(style, cards);
  }
}
customElements.define('tea-results', TeaResults);
