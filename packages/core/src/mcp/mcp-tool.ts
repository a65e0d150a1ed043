import type { Tool as McpTool } from '@modelcontextprotocol/client';
import { checkJsonSchemaSoon } from '../tools/json-schema-soon.js';
import type { SchemaProblem } from '../tools/schema-problems.js';
import type { Tool, ToolContext } from '../tools/tool.js';
import type { ToolOutput } from '../tools/tool-output.js';

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
  execute: (args: McpToolArgs, context: ToolContext) => Promise<string | ToolOutput>,
): Tool<McpToolArgs, string | ToolOutput> {
  const { $schema: _dialect, ...inputSchema } = mcpTool.inputSchema as Record<string, unknown>;
  const jsonSchema = { ...inputSchema, type: 'object' };
  const schema = mcpTool.inputSchema as Record<string, unknown>;
  const toValidation = (problems: SchemaProblem[], value: McpToolArgs) => {
    if (problems.length === 0) return { ok: true as const, value };
    // `/a/b` → `a.b`, as defineTool's tools report paths.
    const path = (p: string) => (p === '(root)' ? p : p.split('/').filter(Boolean).join('.'));
    return {
      ok: false as const,
      issues: problems
        .map((problem) => `${path(problem.path)}: ${problem.message.replace(/\.$/, '')}`)
        .join('; '),
    };
  };
  const validate = (value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false as const, issues: '(root): expected a JSON object' };
    const args = value as McpToolArgs;
    const problems = checkJsonSchemaSoon(schema, args);
    return problems instanceof Promise
      ? problems.then((found) => toValidation(found, args))
      : toValidation(problems, args);
  };
  return {
    name,
    description: mcpTool.description?.trim() || mcpTool.title || mcpTool.name,
    validate,
    jsonSchema,
    execute,
  };
}
