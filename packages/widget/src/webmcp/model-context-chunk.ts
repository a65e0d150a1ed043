// Loaded with import() by webmcp-controller.ts once the page has a WebMCP tool (registered, or a
// <form toolname>): converting and running page tools stays out of agent-chat.js.
export { convertPageTools } from './webmcp-convert.js';
