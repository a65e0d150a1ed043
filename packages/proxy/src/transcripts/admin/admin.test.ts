import { createScheduledController } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  callProxy,
  chatRequest,
  PROXY,
  settled,
  stubUpstream,
  TEST_MODEL,
  testEnv,
} from '../../../test/harness';
import { ADMIN_TOKEN, freshTranscriptsDb, rows, transcriptsEnv } from '../../../test/transcripts-env';
import worker from '../../worker';

let db: D1Database;
beforeEach(async () => {
  db = await freshTranscriptsDb();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${PROXY}${path}`, { headers });
const bearer = { Authorization: `Bearer ${ADMIN_TOKEN}` };

async function storeOneChat(env = transcriptsEnv(db)) {
  stubUpstream(
    () =>
      new Response(
        JSON.stringify({
          model: TEST_MODEL,
          choices: [
            { message: { role: 'assistant', content: 'Sure, ada@example.com' }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 12, completion_tokens: 5 },
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
  );
  const body = JSON.stringify({
    model: TEST_MODEL,
    messages: [{ role: 'user', content: 'mail ada@example.com' }],
  });
  await (await callProxy(chatRequest({ headers: { 'X-Conversation-Id': 'conv-a' }, body }), env)).text();
  await settled();
}

describe('the dashboard at /admin', () => {
  it('answers 401 and shows nothing stored without the token', async () => {
    await storeOneChat();
    const env = transcriptsEnv(db);
    const page = await callProxy(get('/admin'), env);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="token"');
    expect(html).not.toContain('[email]');
    for (const path of ['conversations', 'conversations/conv-a', 'feedback', 'usage', 'errors', 'export']) {
      const response = await callProxy(get(`/admin/api/${path}`), env);
      expect(response.status, path).toBe(401);
      expect(await response.text()).not.toContain('[email]');
    }
    const wrong = await callProxy(
      get('/admin/api/conversations', { Authorization: `Bearer ${ADMIN_TOKEN}x` }),
      env,
    );
    expect(wrong.status).toBe(401);
  });

  it('signs in with the form (HttpOnly, Secure, SameSite=Strict cookie) and serves a strict CSP', async () => {
    const env = transcriptsEnv(db);
    const form = new URLSearchParams({ token: ADMIN_TOKEN });
    const signIn = await callProxy(
      new Request(`${PROXY}/admin/sign-in`, { method: 'POST', body: form }),
      env,
    );
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(ADMIN_TOKEN);
    const page = await callProxy(get('/admin', { Cookie: cookie.split(';')[0]! }), env);
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('/admin/app.js');
    const bad = await callProxy(
      new Request(`${PROXY}/admin/sign-in`, {
        method: 'POST',
        body: new URLSearchParams({ token: 'x'.repeat(40) }),
      }),
      env,
    );
    expect(bad.status).toBe(401);
    expect(bad.headers.get('Set-Cookie')).toBeNull();
  });

  it('lists conversations, one conversation, usage, errors and exports for the signed-in owner', async () => {
    await storeOneChat();
    const env = transcriptsEnv(db);
    const list = (await (await callProxy(get('/admin/api/conversations?q=email', bearer), env)).json()) as {
      conversations: { id: string; title: string }[];
    };
    expect(list.conversations).toMatchObject([{ id: 'conv-a', title: 'mail [email]' }]);
    const one = (await (await callProxy(get('/admin/api/conversations/conv-a', bearer), env)).json()) as {
      messages: { role: string; content: string }[];
    };
    expect(one.messages).toEqual([
      expect.objectContaining({ role: 'user', content: 'mail [email]' }),
      expect.objectContaining({ role: 'assistant', content: 'Sure, [email]' }),
    ]);
    const usage = (await (await callProxy(get('/admin/api/usage', bearer), env)).json()) as {
      usage: { inputTokens: number; credits: number }[];
    };
    expect(usage.usage[0]?.inputTokens).toBe(12);
    const csv = await (await callProxy(get('/admin/api/export?format=csv', bearer), env)).text();
    expect(csv.split('\r\n')[0]).toBe('conversationId,createdAt,role,content');
    expect(csv).toContain('mail [email]');
  });

  it('says transcripts are off when they are', async () => {
    const env = testEnv({ ADMIN_TOKEN });
    expect(await (await callProxy(get('/admin'), env)).text()).toContain('Transcripts are off');
    expect(await (await callProxy(get('/admin/api/status', bearer), env)).json()).toEqual({
      transcripts: 'off',
    });
  });
});

describe('retention', () => {
  it('deletes what is older than TRANSCRIPTS_RETENTION_DAYS when the cron trigger runs', async () => {
    const now = Date.UTC(2026, 10, 27, 3, 0);
    const day = 86_400_000;
    const insert = (id: string, at: number) => [
      db
        .prepare(
          'INSERT INTO conversations (id, client_hash, title, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)',
        )
        .bind(id, 'h', id, at),
      db
        .prepare(
          "INSERT INTO messages (conversation_id, call_id, created_at, role, content) VALUES (?1, 'c', ?2, 'user', 'x')",
        )
        .bind(id, at),
      db
        .prepare("INSERT INTO calls (id, conversation_id, created_at) VALUES (?1 || '-call', ?1, ?2)")
        .bind(id, at),
      db
        .prepare("INSERT INTO feedback (conversation_id, created_at, rating) VALUES (?1, ?2, 'down')")
        .bind(id, at),
    ];
    await db.batch([...insert('old', now - 8 * day), ...insert('recent', now - 6 * day)]);
    const env = transcriptsEnv(db, { TRANSCRIPTS_RETENTION_DAYS: '7' });
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: '17 3 * * *' }), env);
    for (const table of ['conversations', 'messages', 'calls', 'feedback']) {
      const left = await rows(db, table);
      expect(left, table).toHaveLength(1);
      expect(JSON.stringify(left), table).toContain('recent');
    }
  });
});
