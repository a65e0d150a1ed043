// Bundled by index.ts with esbuild (Node cannot run the workspace's TypeScript source directly).
import { McpHub, type McpServerConfig, type McpToolSummary } from '@agent-chat/core';

/** A tool as a provider receives it (the OpenAI `function` object). */
export interface ToolSpecJson {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** Every full definition the hub offers (what one eager request carries). */
export async function eagerToolList(servers: McpServerConfig[]): Promise<ToolSpecJson[]> {
  const hub = new McpHub({ servers });
  try {
    await hub.start();
    return (await hub.tools()).map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.jsonSchema,
    }));
  } finally {
    await hub.dispose();
  }
}

/** The hub's one-sentence summary of every tool: what the lazy catalog is written from. */
export async function hubSummaries(servers: McpServerConfig[]): Promise<McpToolSummary[]> {
  const hub = new McpHub({ servers });
  try {
    await hub.start();
    return await hub.summaries();
  } finally {
    await hub.dispose();
  }
}
