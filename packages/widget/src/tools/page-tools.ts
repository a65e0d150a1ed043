import { defineTool, type Tool, type ToolDefinition } from '@agent-chat/core';

/**
 * A tool given to `<agent-chat>` by the page: one made with `defineTool`, or a plain definition
 * `{ name, description, parameters, execute }` (parameters as JSON Schema, or zod / any Standard Schema with JSON Schema support) that the element
 * passes through `defineTool` itself.
 */
export type PageTool = Tool<unknown, unknown> | ToolDefinition<unknown, unknown>;

/** Turns page tools into core tools; a bad definition throws `ConfigurationError` naming the tool. */
export function toTools(tools: readonly PageTool[]): Tool<unknown, unknown>[] {
  return tools.map((tool) => (isTool(tool) ? tool : defineTool(tool)));
}

function isTool(tool: PageTool): tool is Tool<unknown, unknown> {
  return 'jsonSchema' in tool && typeof (tool as Partial<Tool>).validate === 'function';
}
