import { env as bindings } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
// Recorded from Anthropic's API (test/fixtures/provider-streams/README.md): text, then a tool call.
import recordedToolCall from '../../../../test/fixtures/provider-streams/anthropic/tool-no-args.sse?raw';
import {
  ALLOWED_ORIGIN,
  callProxy,
  captureConsole,
  chatRequest,
  proxyRequest,
  settled,
  stubUpstream,
  TEST_MODEL,
  testEnv,
} from '../../test/harness';
import { ADMIN_TOKEN, freshTranscriptsDb, rows, transcriptsEnv } from '../../test/transcripts-env';

// The card's digits as a person would see them (alone or in groups), not inside a random id or a timestamp.
const CARD_DIGITS = /(?<![\w-])4242(?![\w-])/;

const SSE = [
  { model: TEST_MODEL, choices: [{ index: 0, delta: { content: 'Noted: a@b.example and ' } }] },
  { model: TEST_MODEL, choices: [{ index: 0, delta: { content: '4111 1111 1111 1111.' } }] },
  {
    model: TEST_MODEL,
    choices: [
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, id: 't1', function: { name: 'lookup_order', arguments: '{}' } }] },
      },
    ],
  },
  { model: TEST_MODEL, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  { model: TEST_MODEL, choices: [], usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } },
];
const sseBody = () => `${SSE.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
const streamed = () => new Response(sseBody(), { headers: { 'Content-Type': 'text/event-stream' } });

function chat(conversationId: string, content: string, clientIp = '203.0.113.9') {
  return chatRequest({
    headers: { 'X-Conversation-Id': conversationId, 'CF-Connecting-IP': clientIp },
    body: JSON.stringify({ model: TEST_MODEL, stream: true, messages: [{ role: 'user', content }] }),
  });
}

let db: D1Database;
beforeEach(async () => {
  db = await freshTranscriptsDb();
});

describe('transcripts in D1', { timeout: 30_000 }, () => {
  it('stores a streamed conversation masked, with usage, credits and tool-call names, off the request path', async () => {
    stubUpstream(() => streamed());
    const response = await callProxy(
      chat('conv-1', 'I am ada@example.com, card 4242 4242 4242 4242'),
      transcriptsEnv(db),
    );
    expect(await response.text()).toBe(sseBody()); // the visitor gets every byte, unchanged
    await settled();
    const [conversation] = await rows(db, 'conversations');
    expect(conversation).toMatchObject({ id: 'conv-1', title: 'I am [email], card [card]' });
    expect(String(conversation?.client_hash)).toMatch(/^[0-9a-f]{32}$/);
    const messages = await rows(db, 'messages');
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'I am [email], card [card]'],
      ['assistant', 'Noted: [email] and [card].'],
    ]);
    const [call] = await rows(db, 'calls');
    expect(call).toMatchObject({
      model: TEST_MODEL,
      input_tokens: 42,
      output_tokens: 7,
      tool_calls: '["lookup_order"]',
    });
    expect(call?.finish_reason).toBe('stop');
    expect(Number(call?.credits)).toBeGreaterThan(0);
    const everything = JSON.stringify([conversation, messages, call]);
    expect(everything).not.toContain('203.0.113.9');
    expect(everything).not.toContain('ada@example.com');
    expect(everything).not.toMatch(CARD_DIGITS);
  });

  it('stores an Anthropic Messages conversation (/v1/messages) the same way: masked, with usage and tool names', async () => {
    const events = [
      {
        type: 'message_start',
        message: { model: 'claude-test', content: [], usage: { input_tokens: 30, output_tokens: 1 } },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: 'Mail sent to b@c.example' },
      },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'tu1', name: 'send_mail', input: {} },
      },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 12 } },
      { type: 'message_stop' },
    ];
    const body = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
    stubUpstream(() => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    const response = await anthropicCall('conv-a', '203.0.113.7', [
      { role: 'user', content: [{ type: 'text', text: 'Write to ada@example.com' }] },
    ]);
    expect(await response.text()).toBe(body);
    await settled();
    const messages = await rows(db, 'messages');
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Write to [email]'],
      ['assistant', 'Mail sent to [email]'],
    ]);
    const [call] = await rows(db, 'calls');
    expect(call).toMatchObject({
      conversation_id: 'conv-a',
      model: 'claude-test',
      input_tokens: 30,
      output_tokens: 12,
      tool_calls: '["send_mail"]',
      finish_reason: 'tool_use',
    });
  });

  it('reads a stream recorded from Anthropic: its model, usage, tool name and stop reason', async () => {
    stubUpstream(() => new Response(recordedToolCall, { headers: { 'Content-Type': 'text/event-stream' } }));
    const response = await anthropicCall('conv-rec', '203.0.113.8', [
      { role: 'user', content: 'Update the list' },
    ]);
    expect(await response.text()).toBe(recordedToolCall);
    await settled();
    const [call] = await rows(db, 'calls');
    expect(call).toMatchObject({
      conversation_id: 'conv-rec',
      input_tokens: 565,
      output_tokens: 48,
      tool_calls: '["updateIssueList"]',
      finish_reason: 'tool_use',
    });
  });

  it('stores nothing while TRANSCRIPTS is off (the default)', async () => {
    stubUpstream(() => streamed());
    await (
      await callProxy(chat('conv-off', 'hello ada@example.com'), testEnv({ TRANSCRIPTS_DB: db, ADMIN_TOKEN }))
    ).text();
    await settled();
    for (const table of ['conversations', 'messages', 'calls', 'feedback'])
      expect(await rows(db, table)).toEqual([]);
  });

  it('records a failed call by its error code', async () => {
    stubUpstream(() => new Response('{"error":"boom"}', { status: 500 }));
    const response = await callProxy(chat('conv-err', 'hi'), transcriptsEnv(db));
    expect(response.status).toBe(500);
    await response.text();
    await settled();
    expect(await rows(db, 'calls')).toMatchObject([
      { conversation_id: 'conv-err', error_code: 'upstream_500' },
    ]);
  });

  it('retries a failed write and never fails the chat; a write that keeps failing is logged', async () => {
    stubUpstream(() => streamed());
    const log = captureConsole();
    let failures = 1;
    const flaky = {
      prepare: (query: string) => db.prepare(query),
      batch: (statements: D1PreparedStatement[]) => {
        if (failures-- > 0) return Promise.reject(new Error('D1_ERROR: database is locked'));
        return db.batch(statements);
      },
    };
    const response = await callProxy(chat('conv-retry', 'hi'), transcriptsEnv(db, { TRANSCRIPTS_DB: flaky }));
    expect(response.status).toBe(200);
    await response.text();
    await settled();
    expect(await rows(db, 'calls')).toHaveLength(1);
    expect(log.text()).toContain('transcript_write_retry');

    failures = 100;
    const lost = await callProxy(chat('conv-lost', 'hi'), transcriptsEnv(db, { TRANSCRIPTS_DB: flaky }));
    expect(lost.status).toBe(200);
    await lost.text();
    await settled();
    expect(log.text()).toContain('transcript_write_lost');
  });

  it('keeps one feedback row per answer: the click, then its comment; a late click keeps the comment', async () => {
    const env = transcriptsEnv(db);
    const send = async (messageId: string, rating: string, comment?: string) => {
      const response = await callProxy(
        proxyRequest('/v1/transcripts/feedback', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9' },
          body: JSON.stringify({ conversationId: 'conv-f', messageId, rating, comment }),
        }),
        env,
      );
      expect(response.status).toBe(204);
      await settled();
    };
    await send('m1', 'down');
    await send('m1', 'down', 'too vague');
    await send('m2', 'down', 'wrong');
    await send('m2', 'down'); // its click, arriving after the comment
    await send('m3', 'down');
    await send('m3', 'up'); // changed the rating
    const stored = (await rows(db, 'feedback')) as Array<{
      message_id: string;
      rating: string;
      comment: string;
    }>;
    expect(stored.map((r) => [r.message_id, r.rating, r.comment]).sort()).toEqual([
      ['m1', 'down', 'too vague'],
      ['m2', 'down', 'wrong'],
      ['m3', 'up', ''],
    ]);
  });

  it('stores feedback (comment masked) and deletes a conversation only for the client that had it', async () => {
    stubUpstream(() => streamed());
    const env = transcriptsEnv(db);
    await (await callProxy(chat('conv-2', 'hi'), env)).text();
    const feedback = await callProxy(
      proxyRequest('/v1/transcripts/feedback', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9' },
        body: JSON.stringify({
          conversationId: 'conv-2',
          messageId: 'm1',
          rating: 'down',
          comment: 'wrong, mail x@y.example',
        }),
      }),
      env,
    );
    expect(feedback.status).toBe(204);
    await settled();
    expect(await rows(db, 'feedback')).toMatchObject([{ rating: 'down', comment: 'wrong, mail [email]' }]);

    const remove = (ip: string) =>
      callProxy(
        proxyRequest('/v1/transcripts/conversations/conv-2', {
          method: 'DELETE',
          headers: { 'CF-Connecting-IP': ip },
        }),
        env,
      );
    expect((await remove('198.51.100.1')).status).toBe(204);
    expect(await rows(db, 'conversations')).toHaveLength(1); // another client cannot delete it
    expect((await remove('203.0.113.9')).status).toBe(204);
    for (const table of ['conversations', 'messages', 'calls', 'feedback'])
      expect(await rows(db, table)).toEqual([]);
  });

  it('tells the widget whether transcripts are on', async () => {
    const on = await callProxy(proxyRequest('/v1/transcripts'), transcriptsEnv(db));
    expect(await on.json()).toEqual({ transcripts: 'on' });
    const off = await callProxy(proxyRequest('/v1/transcripts'), testEnv());
    expect(await off.json()).toEqual({ transcripts: 'off' });
  });

  it('keeps every row of 200 concurrent streamed chats', async () => {
    stubUpstream(() => streamed());
    const env = transcriptsEnv(db, { RATE_LIMIT_PER_MINUTE: '100000' });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        callProxy(chat(`load-${i}`, `question ${i}`, `203.0.113.${i % 250}`), env),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    await Promise.all(responses.map((response) => response.text()));
    await settled();
    const count = await db.prepare('SELECT count(*) AS n FROM calls').first<{ n: number }>();
    expect(count?.n).toBe(200);
    const conversations = await db.prepare('SELECT count(*) AS n FROM conversations').first<{ n: number }>();
    expect(conversations?.n).toBe(200);
  });
});

describe('settings of the owner’s view', () => {
  const problem = async (env: ReturnType<typeof testEnv>) => {
    const response = await callProxy(proxyRequest('/health'), env);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('config_invalid');
    return body.error.message;
  };

  it('stops with TRANSCRIPTS="on" and no TRANSCRIPTS_DB binding, naming it', async () => {
    expect(await problem(testEnv({ TRANSCRIPTS: 'on', ADMIN_TOKEN }))).toContain(
      'TRANSCRIPTS_DB (D1 binding) is missing',
    );
  });

  it('stops with a short ADMIN_TOKEN, naming it', async () => {
    const message = await problem(transcriptsEnv(db, { ADMIN_TOKEN: 'short-token' }));
    expect(message).toContain('ADMIN_TOKEN is shorter than 32 characters');
    expect(message).not.toContain('short-token');
  });

  it('stops with an unmigrated database, naming TRANSCRIPTS_DB and the command', async () => {
    const message = await problem(transcriptsEnv(db, { TRANSCRIPTS_DB: bindings.UNMIGRATED_DB }));
    expect(message).toContain('TRANSCRIPTS_DB is not migrated');
    expect(message).toContain('wrangler d1 migrations apply TRANSCRIPTS_DB');
  });

  it('refuses a TRANSCRIPTS value other than "on" or "off"', async () => {
    expect(await problem(transcriptsEnv(db, { TRANSCRIPTS: 'yes' }))).toContain(
      'TRANSCRIPTS must be "off" or "on"',
    );
  });

  it('serves as before from an allowed origin with transcripts on', async () => {
    const response = await callProxy(
      proxyRequest('/health', { headers: { Origin: ALLOWED_ORIGIN } }),
      transcriptsEnv(db),
    );
    expect(response.status).toBe(200);
  });
});

/** A streamed `/v1/messages` call through a proxy with transcripts on, from `ip` in conversation `conversationId`. */
function anthropicCall(conversationId: string, ip: string, messages: unknown[]): Promise<Response> {
  const env = transcriptsEnv(db, {
    ANTHROPIC_API_KEY: 'sk-ant-test-transcripts',
    MODELS: 'claude-test=anthropic',
  });
  return callProxy(
    proxyRequest('/v1/messages', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Conversation-Id': conversationId,
        'CF-Connecting-IP': ip,
      },
      body: JSON.stringify({ model: 'claude-test', max_tokens: 100, stream: true, messages }),
    }),
    env,
  );
}
