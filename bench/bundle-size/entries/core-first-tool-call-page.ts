// A page using the core base (entries/core-base.ts: createAgent, openAICompatible, defineTool) for one
// conversation turn with a tool call: what loads beyond the base is what the first tool call needs.
import { createAgent, defineTool, openAICompatible } from '@agent-chat/core';

const lookup = defineTool({
  name: 'lookup_tea',
  description: 'Looks up a tea by name.',
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  execute: ({ name }: { name: string }) => ({ name, origin: 'Japan' }),
});

(window as unknown as { firstToolCall: () => Promise<string> }).firstToolCall = async () => {
  const agent = createAgent({
    model: openAICompatible({ baseURL: 'http://127.0.0.1:9/v1', model: 'gpt-4o-mini' }),
    tools: [lookup],
  });
  const seen: string[] = [];
  for await (const event of agent.run({ message: 'Where is Sencha from?' })) {
    if (event.type === 'tool.complete' || event.type === 'tool.error') seen.push(event.type);
    if (event.type === 'response.done') seen.push(`answer: ${event.text}`);
  }
  return seen.join('; ');
};
