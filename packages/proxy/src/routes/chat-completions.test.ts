import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  callProxy,
  captureConsole,
  chatRequest,
  headerText,
  settled,
  stubUpstream,
  TEST_KEY,
  testEnv,
  UPSTREAM_BASE_URL,
  upstreamEventStream,
  within,
} from '../../test/harness';

const completion = {
  id: 'chatcmpl-1',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hello' } }],
};

describe('POST /v1/chat/completions', () => {
  it('sends the configured key upstream and none of the client credentials', async () => {
    const upstream = stubUpstream(() => Response.json(completion));
    const body = JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }] });

    const response = await callProxy(
      chatRequest({
        body,
        headers: {
          Origin: ALLOWED_ORIGIN,
          Cookie: 'session=browser-cookie',
          Authorization: 'Bearer client-supplied-token',
          Accept: 'application/json',
        },
      }),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(completion);
    expect(upstream.requests).toHaveLength(1);
    const sent = upstream.requests[0]!;
    expect(sent.url).toBe(`${UPSTREAM_BASE_URL}/chat/completions`);
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(sent.headers.get('Cookie')).toBeNull();
    expect(sent.headers.get('Origin')).toBeNull();
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('Accept')).toBe('application/json');
    // The checked request, with the default max_tokens clamp added.
    expect(await sent.json()).toEqual({ ...JSON.parse(body), max_tokens: 4096 });
  });

  it('sends no Authorization header when no key is configured (local Ollama, llama.cpp)', async () => {
    const upstream = stubUpstream(() => Response.json(completion));

    const response = await callProxy(chatRequest(), testEnv({ UPSTREAM_API_KEY: undefined }));

    expect(response.status).toBe(200);
    expect(upstream.requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('keeps the key out of the response and the logs on success', async () => {
    stubUpstream(() => Response.json(completion, { headers: { 'x-request-id': 'req-1' } }));
    const logs = captureConsole();

    const response = await callProxy(chatRequest({ headers: { Origin: ALLOWED_ORIGIN } }));
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(text).not.toContain(TEST_KEY);
    expect(headerText(response)).not.toContain(TEST_KEY);
    await settled();
    expect(logs.lines).toHaveLength(1);
    expect(logs.text()).not.toContain(TEST_KEY);
  });

  it('redacts the key when an upstream error echoes the Authorization header back', async () => {
    stubUpstream((request) => {
      const echoed = request.headers.get('Authorization') ?? '';
      return Response.json(
        { error: { message: `Incorrect API key provided: ${echoed}`, type: 'invalid_request_error' } },
        { status: 401, headers: { 'x-debug-authorization': echoed, 'set-cookie': 'upstream=1' } },
      );
    });
    const logs = captureConsole();

    const response = await callProxy(chatRequest({ headers: { Origin: ALLOWED_ORIGIN } }));
    const text = await response.text();

    expect(response.status).toBe(401);
    expect(text).toContain('Incorrect API key provided: Bearer [redacted]');
    expect(text).not.toContain(TEST_KEY);
    expect(headerText(response)).not.toContain(TEST_KEY);
    expect(response.headers.get('x-debug-authorization')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED_ORIGIN);
    await settled();
    expect(logs.lines).toHaveLength(1);
    expect(logs.text()).not.toContain(TEST_KEY);
  });

  it('keeps the key out of the logs when the upstream cannot be reached', async () => {
    stubUpstream(() => {
      throw new TypeError(`connect failed while sending Bearer ${TEST_KEY}`);
    });
    const logs = captureConsole();

    const response = await callProxy(chatRequest());

    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('upstream_unreachable');
    expect(body.error.message).not.toContain('upstream.test');
    await settled();
    expect(logs.text()).toContain('upstream_unreachable');
    expect(logs.text()).not.toContain(TEST_KEY);
  });

  it('streams server-sent events through chunk by chunk', async () => {
    const upstream = upstreamEventStream();
    stubUpstream(upstream.response);
    const first = 'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n';
    const second = 'data: {"choices":[{"delta":{"content":"lo"}}]}\n\ndata: [DONE]\n\n';
    upstream.push(first);

    // The upstream has sent one event and is still open: a buffering proxy would not answer yet.
    const response = await within(
      2000,
      'proxy response before the upstream finished',
      callProxy(chatRequest()),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('X-Accel-Buffering')).toBe('no');

    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const firstRead = await within(2000, 'first chunk before the second is sent', reader.read());
    expect(decoder.decode(firstRead.value, { stream: true })).toBe(first);

    upstream.push(second);
    upstream.close();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(rest).toBe(second);
  });

  it('refuses upstream redirects instead of following them', async () => {
    const upstream = stubUpstream(
      () => new Response(null, { status: 307, headers: { Location: 'http://elsewhere.test/steal' } }),
    );

    const response = await callProxy(chatRequest());

    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.redirect).toBe('manual');
    expect(response.status).toBe(502);
    expect(response.headers.get('Location')).toBeNull();
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('upstream_redirect');
  });

  it('rejects a body that is not a JSON object with 400 and no upstream request', async () => {
    const upstream = stubUpstream(() => Response.json(completion));

    for (const body of ['not json', '[1,2]', '"text"', '']) {
      const response = await callProxy(chatRequest({ body }));
      expect(response.status, `body ${JSON.stringify(body)}`).toBe(400);
      const json = (await response.json()) as { error: { code: string; message: string } };
      expect(json.error.code).toBe('invalid_json');
      expect(json.error.message).toMatch(/JSON/);
    }
    expect(upstream.spy).not.toHaveBeenCalled();
  });
});
