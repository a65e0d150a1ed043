import { defineTool, type Tool } from '@agent-chat/core';
import { PageToolError } from '../shared/widget-errors.js';
import type { WebMcpClient, WebMcpTool } from './webmcp.js';

const client: WebMcpClient = { requestUserInteraction: async (callback) => callback() };

/**
 * A WebMCP tool as a core tool: its input schema is checked (an invalid one throws
 * {@link PageToolError}), and it asks for approval unless it is marked `readOnlyHint: true`.
 */
export function fromWebMcp(tool: WebMcpTool): Tool {
  checkSchema(tool);
  return defineTool({
    name: tool.name,
    description: tool.description,
    parameters: (tool.inputSchema ?? { type: 'object', properties: {} }) as { type: 'object' },
    needsApproval: tool.annotations?.readOnlyHint !== true,
    execute: async (args: unknown) =>
      toolText(await tool.execute((args ?? {}) as Record<string, unknown>, client)),
  }) as Tool;
}

/** Throws {@link PageToolError} when the input schema is not a JSON Schema of an object. */
function checkSchema(tool: WebMcpTool): void {
  const schema = tool.inputSchema;
  if (typeof tool.execute !== 'function') throw new PageToolError('it has no execute function.');
  if (schema === undefined) return;
  const problem =
    typeof schema !== 'object' || schema === null || Array.isArray(schema)
      ? 'inputSchema must be a JSON Schema object'
      : schema.type !== 'object'
        ? `inputSchema must have type "object", not ${JSON.stringify(schema.type)}`
        : schema.properties !== undefined &&
            (typeof schema.properties !== 'object' ||
              schema.properties === null ||
              Object.values(schema.properties).some((p) => typeof p !== 'object' || p === null))
          ? 'inputSchema.properties must map each input to a JSON Schema object'
          : schema.required !== undefined &&
              (!Array.isArray(schema.required) || schema.required.some((r) => typeof r !== 'string'))
            ? 'inputSchema.required must be an array of property names'
            : undefined;
  if (problem)
    throw new PageToolError(`${problem}, e.g. {"type":"object","properties":{"q":{"type":"string"}}}.`);
}

/** A WebMCP result (`{ content: [{ type: 'text', text }] }`, or any value) as the text the model reads. */
function toolText(result: unknown): unknown {
  const content = (result as { content?: unknown })?.content;
  if (Array.isArray(content) && content.every((c) => typeof c?.text === 'string'))
    return content.map((c: { text: string }) => c.text).join('\n');
  return result;
}
