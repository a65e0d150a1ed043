import { type AgentEvent, defineTool } from '@agent-chat/core';

/** Every event of a run, in order. */
export async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** A page tool the remote backends call by name: it answers with the page's theme color. */
export const pageColor = defineTool({
  name: 'page_color',
  description: "Reads the page's theme color.",
  parameters: { type: 'object', properties: {} },
  execute: () => ({ color: 'teal' }),
});
