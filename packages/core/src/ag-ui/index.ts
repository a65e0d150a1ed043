// Public API of @agent-chat/core/ag-ui: our agent as an AG-UI agent. A separate entry point, so the base
// import does not grow; needs the optional peers @ag-ui/client and rxjs.
export { AgentChatAGUIAgent, agUIAgent } from './ag-ui-agent.js';
export { agUIEventMapper, type RunOpenings } from './ag-ui-events.js';
