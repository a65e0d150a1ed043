// The page's tool, from a module file (an inline script would be refused): a table of teas.
import { defineTool } from './agent-chat.js';

document.querySelector('agent-chat').tools = [
  defineTool({
    name: 'list_teas',
    description: 'The teas of the shop with their prices.',
    parameters: { type: 'object', properties: {} },
    execute: (_args, context) => {
      const rows = [
        ['Sencha', 12.5],
        ['Gyokuro', 24],
      ];
      context.emit?.({ type: 'content', content: { kind: 'table', columns: ['Tea', 'Price'], rows } });
      return rows.map((row) => row.join(': ')).join('\n');
    },
  }),
];
window.__toolsReady = true;
