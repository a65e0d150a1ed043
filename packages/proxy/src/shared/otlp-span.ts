// One OTLP/HTTP (JSON) span per request, sent to `OTLP_ENDPOINT` after the answer (`waitUntil`), so the
// operator sees the proxy's requests in their tracing backend. Metadata only: method, route, status,
// error code — never bodies, headers or the client's address. Continues a W3C `traceparent` if sent.

/** What one request's span says. */
export interface RequestSpan {
  method: string;
  path: string;
  status: number;
  startMs: number;
  endMs: number;
  errorCode: string | undefined;
  traceparent: string | null;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

const nanos = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;

/** The OTLP/JSON `ExportTraceServiceRequest` body for one request span. */
export function otlpBody(span: RequestSpan): unknown {
  const parent = TRACEPARENT.exec(span.traceparent ?? '');
  const attribute = (key: string, value: string | number) => ({
    key,
    value: typeof value === 'number' ? { intValue: String(value) } : { stringValue: value },
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [attribute('service.name', 'agent-chat-proxy')] },
        scopeSpans: [
          {
            scope: { name: '@agent-chat/proxy' },
            spans: [
              {
                traceId: parent?.[1] ?? randomHex(16),
                spanId: randomHex(8),
                ...(parent ? { parentSpanId: parent[2] } : {}),
                name: `${span.method} ${span.path}`,
                kind: 2, // SPAN_KIND_SERVER
                startTimeUnixNano: nanos(span.startMs),
                endTimeUnixNano: nanos(span.endMs),
                attributes: [
                  attribute('http.request.method', span.method),
                  attribute('url.path', span.path),
                  attribute('http.response.status_code', span.status),
                  ...(span.errorCode ? [attribute('error.type', span.errorCode)] : []),
                ],
                status: { code: span.status >= 500 ? 2 : 0 }, // STATUS_CODE_ERROR / UNSET
              },
            ],
          },
        ],
      },
    ],
  };
}

/** Posts the span; a failure is logged, never thrown (it runs after the answer). */
export async function exportRequestSpan(endpoint: string, span: RequestSpan): Promise<void> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(otlpBody(span)),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`status ${response.status}`);
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: 'otlp_export_failed',
        detail: error instanceof Error ? error.message : 'unknown',
      }),
    );
  }
}
