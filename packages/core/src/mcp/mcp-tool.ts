import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { Tool, ToolContext } from '../tools/tool.js';
import { checkJsonSchema } from './json-schema-check.js';

/** Arguments of an MCP tool: a JSON object checked against the server's input schema. */
export type McpToolArgs = Record<string, unknown>;

/**
 * Wraps one MCP tool as a core {@link Tool}: the model sees `name`, the full description and the input
 * schema; arguments are checked against that schema without `eval` before anything is sent, so a bad
 * call comes back to the model as `invalid arguments for …: /path: problem`.
 */
export function toAgentTool(
  name: string,
  mcpTool: McpTool,
  execute: (args: McpToolArgs, context: ToolContext) => Promise<string>,
): Tool<McpToolArgs, string> {
  const { $schema: _dialect, ...inputSchema } = mcpTool.inputSchema as Record<string, unknown>;
  const jsonSchema = { ...inputSchema, type: 'object' };
  const schema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    for (const problem of checkJsonSchema(mcpTool.inputSchema as Record<string, unknown>, value))
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.path === '(root)' ? [] : problem.path.split('/').filter(Boolean),
      });
  });
  return {
    name,
    description: mcpTool.description?.trim() || mcpTool.title || mcpTool.name,
    schema,
    jsonSchema,
    execute,
  };
}
