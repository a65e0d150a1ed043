import { HttpError } from '../shared/http-error.js';

/** One JSON-RPC 2.0 message as MCP sends it: a request, a notification or a response. */
export interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: Record<string, unknown> | unknown[];
  result?: unknown;
  error?: unknown;
}

/** An MCP POST body, checked: its messages and the bytes to forward (re-serialised). */
export interface JsonRpcBody {
  messages: JsonRpcMessage[];
  body: Uint8Array;
}

/**
 * Parses an MCP POST body as JSON-RPC 2.0 (one message or a non-empty batch). Anything else gets
 * 400 `invalid_jsonrpc` and never reaches the MCP server: a body the proxy cannot read is a body it
 * cannot price. The server receives the parsed messages re-serialised, exactly what was checked.
 */
export function parseJsonRpc(bytes: Uint8Array): JsonRpcBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw invalid('The MCP request body is not valid UTF-8 JSON');
  }
  const batch = Array.isArray(parsed);
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  if (messages.length === 0) throw invalid('The MCP request body is an empty batch');
  messages.forEach((message, index) => {
    const problem = messageProblem(message);
    if (problem !== undefined)
      throw invalid(batch ? `Message ${index + 1} of the batch ${problem}` : `The MCP message ${problem}`);
  });
  return { messages: messages as JsonRpcMessage[], body: new TextEncoder().encode(JSON.stringify(parsed)) };
}

function messageProblem(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return 'is not a JSON object';
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0') return 'lacks "jsonrpc": "2.0"';
  if (id !== undefined && typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) {
    return 'has an "id" that is neither a string nor a number';
  }
  if (method !== undefined) {
    if (typeof method !== 'string' || method === '') return 'has a "method" that is not a non-empty string';
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return 'has "params" that are neither an object nor an array';
    }
    return undefined;
  }
  const hasResult = 'result' in message;
  const hasError = 'error' in message;
  if (id === undefined || hasResult === hasError) {
    return 'is neither a request (with "method") nor a response (with "id" and one of "result" or "error")';
  }
  return undefined;
}

function invalid(problem: string): HttpError {
  return new HttpError(
    400,
    'invalid_jsonrpc',
    `${problem}: send a JSON-RPC 2.0 message ({"jsonrpc": "2.0", "id": 1, "method": "…"}) or a batch of them.`,
  );
}
