import { describe, expect, it } from 'vitest';
import { callProxy, proxyRequest, settled, stubUpstream, testEnv } from '../../test/harness';

describe('request spans over OTLP/HTTP', () => {
  it('sends one server span per request to OTLP_ENDPOINT, continuing the traceparent, without bodies', async () => {
    const { requests } = stubUpstream(() => new Response(null, { status: 200 }));
    const env = testEnv({ OTLP_ENDPOINT: 'http://otel.test/v1/traces' });
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const response = await callProxy(proxyRequest('/health', { headers: { traceparent } }), env);
    await response.text();
    await settled();
    const exported = requests.filter((request) => request.url === 'http://otel.test/v1/traces');
    expect(exported).toHaveLength(1);
    const body = (await exported[0]!.json()) as {
      resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[];
    };
    const span = body.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    expect(span).toMatchObject({
      name: 'GET /health',
      kind: 2,
      traceId: '0af7651916cd43dd8448eb211c80319c',
      parentSpanId: 'b7ad6b7169203331',
    });
    expect(JSON.stringify(span.attributes)).toContain('http.response.status_code');
  });

  it('sends nothing without OTLP_ENDPOINT', async () => {
    const { requests } = stubUpstream(() => new Response(null, { status: 200 }));
    await (await callProxy(proxyRequest('/health'), testEnv())).text();
    await settled();
    expect(requests).toHaveLength(0);
  });
});
