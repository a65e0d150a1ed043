import { describe, expect, it } from 'vitest';
import * as harness from '../../test/harness';
import { containsSecret, redactSecrets } from '../shared/redact';

const SSE = 'data: {"choices":[{"index":0,"delta":{"content":"x marks the text"}}]}\n\ndata: [DONE]\n\n';

describe('short secrets (issue 28)', () => {
  it('streams a chat through a proxy whose UPSTREAM_API_KEY is "x" with every header it needs', async () => {
    const stream = harness.upstreamEventStream();
    harness.stubUpstream(() => {
      const response = stream.response();
      response.headers.set('X-Request-Id', 'req-x-42');
      response.headers.set('X-Echo', 'Bearer x');
      return response;
    });
    const logs = harness.captureConsole();
    const env = harness.testEnv({ UPSTREAM_API_KEY: 'x' });

    const response = await harness.callProxy(
      harness.chatRequest({ headers: { 'CF-Connecting-IP': '192.0.2.77' } }),
      env,
    );
    stream.push(SSE);
    stream.close();
    const body = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(body).toBe(SSE);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(harness.ALLOWED_ORIGIN);
    expect(response.headers.get('X-RateLimit-Limit')).toBe('100000');
    expect(response.headers.get('X-Request-Id')).toBe('req-x-42');
    // A header that is exactly the key (as a bearer credential) still never reaches the client.
    expect(response.headers.get('X-Echo')).toBeNull();
    await harness.settled();
    const warning = logs.lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'short_secret');
    expect(warning).toMatchObject({ level: 'warn', setting: 'UPSTREAM_API_KEY' });
  });

  it('still redacts a real key inside text and drops a header carrying it, but keeps Content-Type', async () => {
    harness.stubUpstream(
      () =>
        new Response('data: [DONE]\n\n', {
          headers: {
            'Content-Type': `text/event-stream; key=${harness.TEST_KEY}`,
            'X-Debug': `auth ${harness.TEST_KEY}`,
          },
        }),
    );

    const response = await harness.callProxy(harness.chatRequest());
    await response.text();

    expect(response.headers.get('Content-Type')).toBe('text/event-stream; key=[redacted]');
    expect(response.headers.get('X-Debug')).toBeNull();
  });

  it('matches keys of 8 characters or more anywhere, shorter ones only as a whole value', () => {
    const secrets = ['x', 'sk-12345'];
    expect(containsSecret('text/event-stream', secrets)).toBe(false);
    expect(containsSecret('x', secrets)).toBe(true);
    expect(containsSecret(' Bearer x ', secrets)).toBe(true);
    expect(containsSecret('key sk-12345 echoed', secrets)).toBe(true);
    expect(redactSecrets('x and sk-12345', secrets)).toBe('x and [redacted]');
  });
});
