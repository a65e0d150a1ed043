import { defineTool } from '@agent-chat/core';

/** A page tool the remote backends call by name: it answers with the page's theme color. */
export const pageColor = defineTool({
  name: 'page_color',
  description: "Reads the page's theme color.",
  parameters: { type: 'object', properties: {} },
  execute: () => ({ color: 'teal' }),
});
