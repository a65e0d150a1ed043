// A React app's import of the wrapper: the AgentChat component of @agent-chat/widget/react.
export { AgentChat } from '@agent-chat/widget/react';
