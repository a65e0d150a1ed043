import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnsupportedProtocolVersionError,
} from '@modelcontextprotocol/client';

/** The revisions the hub speaks, newest first; the SDK negotiates one of them per server. */
export const SUPPORTED_REVISIONS = ['2026-07-28', '2025-11-25'] as const;

/** -32020: a request's `Mcp-*` headers disagree with its body (2026-07-28, SEP-2243). */
const HEADER_MISMATCH = -32020;

/**
 * Whether an error says the server does not speak MCP as we do — a revision neither of ours, a
 * `server/discover` answer that is not one, a header the server found disagreeing with the body, or a
 * result kind we cannot read — rather than that it is down. Such a server is not retried.
 */
export function isProtocolMismatch(error: unknown): boolean {
  if (error instanceof UnsupportedProtocolVersionError) return true;
  if (error instanceof ProtocolError)
    return error.code === ProtocolErrorCode.UnsupportedProtocolVersion || error.code === HEADER_MISMATCH;
  // An HTTP status (a 5xx to the probe, say) is the server's health, not its revision: retried.
  if (error instanceof SdkHttpError) return false;
  if (error instanceof SdkError) {
    // A probe that failed on the network is an outage (retried), not a disagreement.
    if (error.code === SdkErrorCode.EraNegotiationFailed) return !isNetworkFailure(error.cause);
    return (
      error.code === SdkErrorCode.UnsupportedResultType ||
      error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion
    );
  }
  // The 2025 handshake: the server chose a revision that the client does not list.
  return error instanceof Error && /protocol version is not supported/i.test(error.message);
}

function isNetworkFailure(cause: unknown): boolean {
  return cause instanceof TypeError || (cause instanceof Error && cause.name === 'TypeError');
}
