// Public API of `@agent-chat/core/remote`: agents that run on other servers (AI SDK routes, AG-UI
// endpoints) behind the same run/respond contract as `createAgent`. A separate entry so the base import
// does not carry the protocol packages.
export type { RemoteAgent, RemoteAgentOptions } from './remote-agent.js';
export { remoteAgent } from './remote-agent.js';
export {
  checkRemoteProtocol,
  REMOTE_PROTOCOLS,
  RemoteAgentContentTypeError,
  RemoteAgentHttpError,
  RemoteAgentRunError,
  RemoteAgentUnreachableError,
  type RemoteProtocol,
  RemoteStreamCutError,
} from './remote-errors.js';
export type { RemoteHeaders } from './remote-fetch.js';
export {
  defaultThreadStore,
  indexedDBThreadStore,
  memoryThreadStore,
  type RemoteThread,
  type RemoteThreadStore,
  threadFor,
} from './remote-thread-store.js';
