import type { Tool } from '@agent-chat/core';
import type { WebMcpTool } from './webmcp.js';
import { formTool, toolForms } from './webmcp-forms.js';
import { fromWebMcp } from './webmcp-tools.js';

/** What converting remembers between calls: converted tools by what declared them, and warnings given. */
export interface PageToolCache {
  readonly converted: WeakMap<object, { signature: string; tool: Tool | undefined }>;
  readonly warned: Set<string>;
}

/**
 * The page's WebMCP tools as core tools: those registered with `registerTool` and those declared by
 * `<form toolname>`, the first of each name. A tool is converted again only when its name, description,
 * schema or annotations changed; one with an invalid input schema is skipped with a console warning
 * naming it (once).
 */
export function convertPageTools(registered: readonly WebMcpTool[], cache: PageToolCache): Tool[] {
  const declared: [object, WebMcpTool][] = [
    ...registered.map((tool): [object, WebMcpTool] => [tool, tool]),
    ...toolForms().map((form): [object, WebMcpTool] => [form, formTool(form)]),
  ];
  const names = new Set<string>();
  const tools: Tool[] = [];
  for (const [owner, tool] of declared) {
    const converted = cached(cache, owner, tool);
    if (converted && !names.has(converted.name)) {
      names.add(converted.name);
      tools.push(converted);
    }
  }
  return tools;
}

function cached(cache: PageToolCache, owner: object, tool: WebMcpTool): Tool | undefined {
  let signature: string;
  try {
    signature = JSON.stringify([tool.name, tool.description, tool.inputSchema, tool.annotations]);
  } catch {
    signature = String(tool?.name);
  }
  const hit = cache.converted.get(owner);
  if (hit?.signature === signature) return hit.tool;
  let converted: Tool | undefined;
  try {
    converted = fromWebMcp(tool);
  } catch (error) {
    if (!cache.warned.has(signature)) {
      cache.warned.add(signature);
      console.warn(
        `<agent-chat>: WebMCP tool "${String(tool?.name)}" is skipped: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  cache.converted.set(owner, { signature, tool: converted });
  return converted;
}
