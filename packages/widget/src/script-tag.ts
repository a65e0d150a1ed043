// Entry of the package and of the script-tag build (dist/agent-chat.js): defines <agent-chat> and
// exports the public API, so a page can `import { defineTool } from '…/agent-chat.js'`.
import './agent-chat.js';

export * from './index.js';
