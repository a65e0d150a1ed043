import { AgentChatError, ConfigurationError } from '../errors.js';

/** The wire protocols a remote agent can speak. */
export const REMOTE_PROTOCOLS = ['ai-sdk', 'ag-ui'] as const;

/** `ai-sdk`: the AI SDK's UI message stream (`toUIMessageStreamResponse`); `ag-ui`: an AG-UI endpoint. */
export type RemoteProtocol = (typeof REMOTE_PROTOCOLS)[number];

const PROTOCOL_NAMES: Record<RemoteProtocol, string> = {
  'ai-sdk': 'an AI SDK UI message stream',
  'ag-ui': 'an AG-UI event stream',
};

/** Checks a protocol name; throws a `ConfigurationError` listing the protocols otherwise. */
export function checkRemoteProtocol(protocol: unknown): RemoteProtocol {
  if (REMOTE_PROTOCOLS.includes(protocol as RemoteProtocol)) return protocol as RemoteProtocol;
  throw new ConfigurationError(
    `Unknown agent protocol ${JSON.stringify(protocol)}: use one of ${REMOTE_PROTOCOLS.map((p) => `"${p}"`).join(', ')}.`,
  );
}

/** The remote agent answered with an HTTP error. */
export class RemoteAgentHttpError extends AgentChatError {
  readonly status: number;
  constructor(url: string, status: number, body: string) {
    const detail = body.trim().slice(0, 200);
    super(
      'remote_agent_failed',
      `The agent at ${url} answered HTTP ${status}${detail ? `: ${detail}` : ''}.${status >= 500 || status === 429 ? ' Try again shortly.' : ''}`,
      { isRetryable: status >= 500 || status === 429 || status === 408 },
    );
    this.status = status;
  }
}

/** The remote agent could not be reached: network down, wrong URL, or a CORS refusal. */
export class RemoteAgentUnreachableError extends AgentChatError {
  constructor(url: string, cause: unknown) {
    super(
      'remote_unreachable',
      `Could not reach the agent at ${url}. Check the URL, and that the backend allows this page's origin: it must answer with the header Access-Control-Allow-Origin: ${pageOrigin()} (also on the OPTIONS preflight, with Access-Control-Allow-Headers: content-type and any custom header).`,
      { cause, isRetryable: true },
    );
  }
}

/** The remote agent answered, but not with the stream of the protocol it was configured with. */
export class RemoteAgentContentTypeError extends AgentChatError {
  readonly protocol: RemoteProtocol;
  constructor(url: string, protocol: RemoteProtocol, received: string) {
    super(
      'remote_wrong_content_type',
      `The agent at ${url} did not answer with ${PROTOCOL_NAMES[protocol]} (expected content type text/event-stream for agent-protocol "${protocol}", ${received}). Check agent-url and agent-protocol.`,
    );
    this.protocol = protocol;
  }
}

/** The remote agent's stream ended before its end marker: what came is not a finished answer. */
export class RemoteStreamCutError extends AgentChatError {
  constructor(url: string, cause?: unknown) {
    super(
      'stream_interrupted',
      `The connection to the agent at ${url} was cut before the answer was complete: try again.`,
      { cause, isRetryable: true },
    );
  }
}

/** The remote agent reported an error in its stream (an AI SDK `error` chunk, an AG-UI `RUN_ERROR`). */
export class RemoteAgentRunError extends AgentChatError {
  constructor(message: string, cause?: unknown) {
    super('remote_agent_failed', `The agent failed: ${message || 'no reason given'}.`, {
      cause,
      isRetryable: true,
    });
  }
}

function pageOrigin(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : '<the page origin>';
}
