/** Fields middleware record about a request; everything here is safe to log. */
export interface RequestLogFields {
  /** Whether the request carried an Origin and whether it was on the allowlist. */
  origin: 'absent' | 'allowed' | 'denied' | 'unchecked';
  /** Status the upstream answered with, when it was called. */
  upstreamStatus?: number;
  /** Stable error code when the proxy answered with an error. */
  error?: string;
  /** Short description of the underlying failure, with secrets redacted. */
  detail?: string;
  /** Outcome of the client token check, when AUTH_SECRET is set (never the token). */
  auth?:
    | 'ok'
    | 'malformed'
    | 'bad_signature'
    | 'expired'
    | 'too_long_lived'
    | 'turnstile_ok'
    | 'turnstile_renewed'
    | 'turnstile_failed';
  /** Which limit refused the request. */
  limited?: 'rate' | 'credits' | 'deployment' | 'turnstile_clients' | 'unavailable';
  /** Where the limits were decided: from this isolate's allowance, or by waiting for the counter. */
  limits?: 'isolate' | 'counter';
  /** Credits charged. */
  credits?: number;
  /** The configured MCP server id, for `/mcp/{serverId}`. */
  mcpServer?: string;
}

/** One finished request as written to the log. */
export interface RequestLogLine extends RequestLogFields {
  method: string;
  path: string;
  status: number;
  /** Time until the response headers were ready; streamed bodies continue after this. */
  durationMs: number;
  /** For bodies passed on before logging: whether all of it went through or the client left first. */
  body?: 'complete' | 'aborted';
  /** For bodies passed on before logging: time until the last byte went through. */
  totalMs?: number;
}

/**
 * Writes one structured JSON line per request. Only metadata is logged: never bodies, query
 * strings, header values or keys, so logs can be shared without scrubbing.
 */
export function writeRequestLog(line: RequestLogLine): void {
  console.log(JSON.stringify({ level: line.status >= 500 ? 'error' : 'info', msg: 'request', ...line }));
}
