// The dashboard's script, served as /admin/app.js (the page's CSP allows only scripts from 'self').
// Stored text is only ever set with textContent, so a transcript cannot inject markup.

/** The source of /admin/app.js. */
export const ADMIN_SCRIPT = `
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'on') for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
};
const svg = (tag, attrs = {}) => {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
};
const when = (ms) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
const number = (value) => Number(value ?? 0).toLocaleString('en');
const table = (headers, rows) =>
  el('table', {}, el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, ...rows.map((cells) => el('tr', {}, ...cells.map((c) => el('td', {}, c))))));
const status = (text) => { $('status').textContent = text; };

async function api(path) {
  const response = await fetch('/admin/api/' + path, { credentials: 'same-origin' });
  if (response.status === 401) { location.reload(); throw new Error('signed out'); }
  if (!response.ok) throw new Error('The dashboard API answered ' + response.status);
  return response.json();
}

const state = { q: '', page: 0 };

async function loadConversations() {
  const data = await api('conversations?q=' + encodeURIComponent(state.q) + '&page=' + state.page);
  const rows = data.conversations.map((c) => [
    when(c.updatedAt),
    el('button', { type: 'button', class: 'link', text: c.title || c.id, on: { click: () => openConversation(c.id) } }),
    number(c.messages), number(c.credits), number(c.thumbsDown),
  ]);
  $('conversations-list').replaceChildren(rows.length === 0
    ? el('p', { text: state.q ? 'No conversation matches.' : 'No conversations yet.' })
    : table(['Last message', 'Conversation', 'Messages', 'Credits', 'Thumbs down'], rows));
  $('previous-page').disabled = state.page === 0;
  $('next-page').disabled = !data.more;
  $('page-label').textContent = 'Page ' + (state.page + 1);
}

async function openConversation(id) {
  const c = await api('conversations/' + encodeURIComponent(id));
  const heading = el('h3', { tabindex: '-1', text: c.title || c.id });
  const messages = el('div', {}, ...c.messages.map((m) =>
    el('div', { class: 'message ' + m.role }, el('strong', { text: (m.role === 'user' ? 'Visitor' : 'Assistant') + ': ' }), m.content)));
  const calls = table(['Time', 'Model', 'Tokens in', 'Tokens out', 'Credits', 'Tool calls', 'Finish', 'Error'],
    c.calls.map((k) => [when(k.createdAt), k.model, number(k.inputTokens), number(k.outputTokens), number(k.credits),
      k.toolCalls.join(', ') || '—', k.finishReason || '—', k.errorCode || '—']));
  const feedback = el('ul', {}, ...c.feedback.map((f) =>
    el('li', {}, el('span', { class: f.rating, text: f.rating === 'down' ? 'Thumbs down' : 'Thumbs up' }), f.comment ? ': ' + f.comment : '')));
  $('conversation').replaceChildren(heading, el('h4', { text: 'Messages' }), messages,
    el('h4', { text: 'Model calls' }), el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Model calls' }, calls),
    ...(c.feedback.length ? [el('h4', { text: 'Feedback' }), feedback] : []));
  heading.focus();
}

async function loadFeedback() {
  const data = await api('feedback');
  $('feedback-list').replaceChildren(...(data.feedback.length === 0 ? [el('li', { text: 'No feedback yet.' })] :
    data.feedback.map((f) => el('li', {},
      el('span', { class: f.rating, text: f.rating === 'down' ? 'Thumbs down' : 'Thumbs up' }),
      f.comment ? ': “' + f.comment + '” ' : ' ',
      el('button', { type: 'button', class: 'link', text: f.title || f.conversationId, on: { click: () => openConversation(f.conversationId) } })))));
}

function chart(days) {
  const width = 600, height = 160, pad = 24;
  const max = Math.max(1, ...days.map((d) => d.credits));
  const bar = (width - pad) / Math.max(days.length, 1);
  const root = svg('svg', { viewBox: '0 0 ' + width + ' ' + (height + pad), role: 'img', 'aria-labelledby': 'chart-title', width: '100%' });
  const title = svg('title', { id: 'chart-title' });
  title.textContent = 'Credits per day: ' + days.map((d) => d.day + ' ' + number(d.credits)).join(', ');
  root.append(title);
  days.forEach((d, i) => {
    const h = Math.max(1, (d.credits / max) * (height - pad));
    const rect = svg('rect', { x: pad + i * bar + 2, y: height - h, width: Math.max(2, bar - 4), height: h });
    root.append(rect);
    const label = svg('text', { x: pad + i * bar + 2, y: height + 14 });
    label.textContent = d.day.slice(5);
    root.append(label);
  });
  return root;
}

async function loadUsage() {
  const data = await api('usage');
  const byDay = new Map(), byModel = new Map();
  let tokens = 0, credits = 0;
  for (const u of data.usage) {
    const day = byDay.get(u.day) ?? { day: u.day, credits: 0 };
    day.credits += u.credits; byDay.set(u.day, day);
    const model = byModel.get(u.model) ?? { calls: 0, inputTokens: 0, outputTokens: 0, credits: 0 };
    for (const key of Object.keys(model)) model[key] += u[key];
    byModel.set(u.model, model);
    tokens += u.inputTokens + u.outputTokens; credits += u.credits;
  }
  $('usage-summary').replaceChildren('Last ' + data.days + ' days: ',
    el('strong', { id: 'usage-total-tokens', text: number(tokens) }), ' tokens, ',
    el('strong', { id: 'usage-total-credits', text: number(credits) }), ' credits.');
  $('usage-chart').replaceChildren(chart([...byDay.values()]));
  $('usage-models').replaceChildren(table(['Model', 'Calls', 'Tokens in', 'Tokens out', 'Credits'],
    [...byModel].map(([name, m]) => [name, number(m.calls), number(m.inputTokens), number(m.outputTokens), number(m.credits)])));
}

async function loadErrors() {
  const data = await api('errors');
  $('errors-list').replaceChildren(data.errors.length === 0 ? el('p', { text: 'No errors.' }) :
    table(['Code', 'Count', 'Last'], data.errors.map((e) => [e.code, number(e.count), when(e.lastAt)])));
}

$('search').addEventListener('submit', (event) => {
  event.preventDefault();
  state.q = $('search-text').value.trim();
  state.page = 0;
  loadConversations().catch((error) => status(error.message));
});
$('previous-page').addEventListener('click', () => { state.page = Math.max(0, state.page - 1); loadConversations(); });
$('next-page').addEventListener('click', () => { state.page += 1; loadConversations(); });
Promise.all([loadUsage(), loadConversations(), loadFeedback(), loadErrors()])
  .then(() => { document.body.dataset.loaded = 'true'; })
  .catch((error) => status(error.message));
`;
