import { describe, expect, it } from 'vitest';
import { ALLOWED_ORIGIN, callProxy, chatRequest, PROXY, stubUpstream, testEnv } from '../../test/harness';

/** A JSON body of exactly `bytes` bytes (padded in `user`, a field the proxy passes on). */
function jsonOfSize(bytes: number): string {
  const shell = JSON.stringify({ model: 'gpt-test', user: '' });
  return JSON.stringify({ model: 'gpt-test', user: 'x'.repeat(bytes - shell.length) });
}

/** A request whose body arrives as a stream with no declared length, in chunks of 1 KiB. */
function streamedRequest(body: string): Request {
  const bytes = new TextEncoder().encode(body);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 1024));
      offset += 1024;
    },
  });
  return new Request(`${PROXY}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ALLOWED_ORIGIN },
    body: stream,
  });
}

describe('body size limit', () => {
  it('answers 413 from the declared Content-Length without reading the body or calling the upstream', async () => {
    const upstream = stubUpstream(() => Response.json({}));
    const body = jsonOfSize(4096);
    const request = chatRequest({ body, headers: { 'Content-Length': String(body.length) } });

    const response = await callProxy(request, testEnv({ MAX_BODY_BYTES: '1000' }));

    expect(response.status).toBe(413);
    const json = (await response.json()) as { error: { code: string } };
    expect(json.error.code).toBe('body_too_large');
    expect(request.bodyUsed).toBe(false);
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('answers 413 when a body without a declared length turns out too large', async () => {
    const upstream = stubUpstream(() => Response.json({}));
    const request = streamedRequest(jsonOfSize(4096));
    expect(request.headers.get('Content-Length')).toBeNull();

    const response = await callProxy(request, testEnv({ MAX_BODY_BYTES: '1000' }));

    expect(response.status).toBe(413);
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('limits bodies to 1 MiB when MAX_BODY_BYTES is not set', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const over = await callProxy(streamedRequest(jsonOfSize(1024 * 1024 + 1)));
    const at = await callProxy(streamedRequest(jsonOfSize(1024 * 1024)));

    expect(over.status).toBe(413);
    expect(at.status).toBe(200);
    expect(upstream.spy).toHaveBeenCalledTimes(1);
  });

  it('forwards a body of exactly the limit, byte for byte (compact JSON re-serialises to itself)', async () => {
    const upstream = stubUpstream(() => Response.json({}));
    const body = jsonOfSize(1000);

    const response = await callProxy(
      streamedRequest(body),
      testEnv({ MAX_BODY_BYTES: '1000', ALLOW_ANY_MAX_TOKENS: 'true' }),
    );

    expect(response.status).toBe(200);
    expect(await upstream.requests[0]!.text()).toBe(body);
  });
});
