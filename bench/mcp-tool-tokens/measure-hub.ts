// Bundled by index.ts with esbuild (Node cannot run the workspace's TypeScript source directly).
import { McpHub, type McpServerConfig, type Tool, toolCatalogText } from '@agent-chat/core';

/** A tool as a provider receives it (the OpenAI `function` object). */
export interface ToolSpecJson {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** What agent-chat would send: eager (every full definition) and lazy (catalog + selected definitions). */
export async function measureHub(
  servers: McpServerConfig[],
  selected: string[],
): Promise<{ eager: ToolSpecJson[]; catalog: string; lazy: ToolSpecJson[]; materialised: string[] }> {
  const spec = (tool: Pick<Tool, 'name' | 'description' | 'jsonSchema'>): ToolSpecJson => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.jsonSchema,
  });
  const lazyHub = new McpHub({ servers });
  const eagerHub = new McpHub({ servers });
  try {
    await lazyHub.start();
    const catalog = toolCatalogText(await lazyHub.summaries());
    const lazy = (await lazyHub.tools(selected)).map(spec);
    if (lazy.length !== selected.length)
      throw new Error(`selected tools missing: got ${lazy.map((t) => t.name)}`);
    await eagerHub.start();
    const eager = (await eagerHub.tools()).map(spec);
    return { eager, catalog, lazy, materialised: lazyHub.stats().materialised };
  } finally {
    await Promise.all([lazyHub.dispose(), eagerHub.dispose()]);
  }
}
