import type { AgentEvent, ChatAgent, ConversationStore, RunInput, Tool } from '@agent-chat/core';
import { ConfigurationError } from '@agent-chat/core';
import { checkRemoteProtocol, type RemoteAgent, remoteAgent } from '@agent-chat/core/remote';
import { emit } from '../shared/events.js';
import { RunRecord, resumeOn } from '../shared/run-record.js';
import { type PageTool, toTools } from '../tools/page-tools.js';

/** The element's settings a remote agent is built from. */
export interface RemoteHost extends HTMLElement {
  agentUrl: string | undefined;
  agentProtocol: string | undefined;
  agentHeaders: string | undefined;
  tokenUrl: string | undefined;
  memory: string | undefined;
  workflows: boolean;
  clarify: boolean;
  reflect: boolean;
  knowledge: string | undefined;
  codeInterpreter: boolean;
  imageModel: string | undefined;
  systemPrompt: string | undefined;
  mcpServers: unknown;
}

/** Attributes only the built-in loop honours: set beside `agent-url`, they are ignored with a warning. */
const LOOP_ONLY: Array<[string, (host: RemoteHost) => boolean]> = [
  ['memory', (h) => h.memory !== undefined],
  ['workflows', (h) => h.workflows],
  ['clarify', (h) => h.clarify],
  ['reflect', (h) => h.reflect],
  ['knowledge', (h) => Boolean(h.knowledge?.trim())],
  ['code-interpreter', (h) => h.codeInterpreter],
  ['image-model', (h) => Boolean(h.imageModel?.trim())],
  ['system-prompt', (h) => Boolean(h.systemPrompt?.trim())],
  ['mcp-servers', (h) => h.mcpServers !== undefined],
];

/** Per element: the agent built for its settings, and the loop-only attributes it was warned about. */
const builtFor = new WeakMap<
  RemoteHost,
  { key: string; agent: RemoteChatAgent; remote: RemoteAgent; warned: string }
>();

/**
 * The remote agent of `agent-url` + `agent-protocol` (kept while they stay the same): `agent-headers` and
 * the `token-url` bearer token go with every request, and the page tools (`.tools`, WebMCP) are read
 * at each run. Throws `ConfigurationError` for an unknown protocol or headers that are not a JSON object.
 */
export function remoteAgentFor(
  host: RemoteHost,
  store: ConversationStore,
  tools: () => [readonly PageTool[], readonly Tool[]],
  bearer: (() => Promise<string>) | undefined,
): RemoteChatAgent {
  const url = new URL(host.agentUrl!.trim(), document.baseURI).href;
  const protocol = checkRemoteProtocol(host.agentProtocol?.trim() || 'ai-sdk');
  const headers = parseHeaders(host.agentHeaders);
  const ignored = LOOP_ONLY.filter(([, set]) => set(host)).map(([name]) => name);
  let built = builtFor.get(host);
  if (ignored.length && ignored.join() !== built?.warned) {
    console.warn(
      `<agent-chat>: ${ignored.join(', ')} ${ignored.length > 1 ? 'are' : 'is'} ignored with agent-url: the remote agent decides these itself.`,
    );
  }
  const key = JSON.stringify([url, protocol, headers, bearer ? host.tokenUrl : undefined]);
  if (built?.key !== key || built.remote.store !== store) {
    const remote = remoteAgent({
      url,
      protocol,
      store,
      tools: () => {
        const [given, webMcp] = tools();
        return [...toTools(given), ...webMcp];
      },
      headers: async () => (bearer ? { ...headers, authorization: `Bearer ${await bearer()}` } : headers),
    });
    built = { key, remote, agent: withDomEvents(remote, host), warned: '' };
  }
  built.warned = ignored.join();
  builtFor.set(host, built);
  return built.agent;
}

/** The element's remote agent: a core agent's contract, and `resume` for a run a reload left (issue 42). */
export type RemoteChatAgent = ChatAgent & Pick<RemoteAgent, 'resume'>;

/**
 * The remote agent as the element drives a core agent (the same run / respond / pending contract), its
 * data parts and state changes also dispatched as `agent-chat-remote` on the element. With the AI SDK
 * protocol and `resume` not `off`, its runs are marked in flight until they end (as runs through the proxy
 * are), so a reload picks them up with the backend's resume request (agent/resume/resume-remote.ts).
 */
function withDomEvents(remote: RemoteAgent, host: HTMLElement): RemoteChatAgent {
  let record: RunRecord | undefined;
  const tracked = (input: RunInput, start: () => AsyncGenerator<AgentEvent, void, undefined>) => {
    if (remote.protocol !== 'ai-sdk' || !resumeOn(host)) return start();
    record ??= new RunRecord(host);
    return record.track(start, input);
  };
  async function* forward(events: AsyncIterable<AgentEvent>): AsyncGenerator<AgentEvent, void, undefined> {
    for await (const event of events) {
      if (event.type === 'remote.data')
        emit(host, 'agent-chat-remote', { kind: 'data', name: event.name, id: event.id, data: event.data });
      else if (event.type === 'remote.state')
        emit(host, 'agent-chat-remote', { kind: 'state', state: event.state, delta: event.delta });
      yield event;
    }
  }
  return {
    store: remote.store,
    get tools() {
      return remote.tools;
    },
    run: (input: RunInput) => forward(tracked(input, () => remote.run(input))),
    resume: (input) => forward(tracked(input, () => remote.resume(input))),
    respond: (...args: Parameters<RemoteAgent['respond']>) => forward(remote.respond(...args)),
    pending: (conversationId?: string) => remote.pending(conversationId),
  };
}

function parseHeaders(json: string | undefined): Record<string, string> {
  if (!json?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = undefined;
  }
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    Object.values(value).some((v) => typeof v !== 'string')
  )
    throw new ConfigurationError(
      `agent-headers must be a JSON object of strings, e.g. {"x-site":"shop"}; got ${json}.`,
    );
  return value as Record<string, string>;
}
