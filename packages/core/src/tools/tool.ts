import * as z from 'zod';
import { ConfigurationError } from '../errors.js';
import type { AgentEventBody } from '../events.js';
import type { ToolSpec } from '../model/chat-model.js';

/** What a running tool gets besides its arguments. */
export interface ToolContext {
  /** Aborts when the run is stopped; pass it on to fetches and long work. */
  signal: AbortSignal;
  /** Id of this call, as in `tool.start` / `tool.complete` events. */
  toolCallId: string;
  runId: string;
  /** Adds a progress, content or question event to the run's stream (set by the agent). */
  emit?: (event: ToolEvent) => void;
}

/** The events a running tool may add to the run: progress, rich content, a question for the user. */
export type ToolEvent = Extract<
  AgentEventBody,
  { type: 'tool.progress' | 'tool.content' | 'clarify.request' }
>;

/** A tool the model can call. Create one with {@link defineTool}. */
export interface Tool<Args = unknown, Result = unknown> {
  readonly name: string;
  readonly description: string;
  /** Validates arguments before `execute` runs. */
  readonly schema: z.ZodType<Args>;
  /** JSON Schema of the arguments, as sent to the provider. */
  readonly jsonSchema: Record<string, unknown>;
  execute(args: Args, context: ToolContext): Result | Promise<Result>;
}

/** A JSON Schema object describing tool arguments (for pages that do not use zod). */
export type JSONSchemaObject = {
  type: 'object';
  properties?: Record<string, unknown>;
  [key: string]: unknown;
};

/** Definition accepted by {@link defineTool}. */
export interface ToolDefinition<Args, Result> {
  /** `[a-zA-Z0-9_-]{1,64}`, as every provider accepts. */
  name: string;
  /** Tells the model when to use the tool; the first sentence matters most. */
  description: string;
  /** A zod schema, or a plain JSON Schema object. */
  parameters: z.ZodType<Args> | JSONSchemaObject;
  execute(args: Args, context: ToolContext): Result | Promise<Result>;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Defines a tool: its arguments are validated against `parameters` before `execute` runs, and a
 * validation failure goes back to the model as the tool result so it can correct itself.
 *
 * @example
 * const weather = defineTool({
 *   name: 'get_weather',
 *   description: 'Current weather for a city.',
 *   parameters: z.object({ city: z.string() }),
 *   execute: async ({ city }) => fetchWeather(city),
 * });
 */
export function defineTool<Args, Result>(definition: ToolDefinition<Args, Result>): Tool<Args, Result> {
  const { name, description, parameters, execute } = definition;
  if (typeof name !== 'string' || !TOOL_NAME.test(name))
    throw new ConfigurationError(
      `defineTool: name ${JSON.stringify(name)} is invalid; use 1-64 letters, digits, "_" or "-" (e.g. "get_weather").`,
    );
  if (typeof description !== 'string' || !description.trim())
    throw new ConfigurationError(
      `defineTool(${name}): description is required; it tells the model when to use the tool.`,
    );
  if (typeof execute !== 'function')
    throw new ConfigurationError(`defineTool(${name}): execute must be a function.`);
  const schema = toZod<Args>(name, parameters);
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
  } catch (error) {
    throw new ConfigurationError(
      `defineTool(${name}): parameters cannot be expressed as JSON Schema: ${String(error)}.`,
    );
  }
  delete jsonSchema.$schema;
  if (jsonSchema.type !== 'object')
    throw new ConfigurationError(
      `defineTool(${name}): parameters must describe an object, e.g. z.object({ city: z.string() }).`,
    );
  return { name, description, schema, jsonSchema, execute };
}

function toZod<Args>(name: string, parameters: unknown): z.ZodType<Args> {
  if (parameters instanceof z.ZodType) return parameters as z.ZodType<Args>;
  if (
    typeof parameters === 'object' &&
    parameters !== null &&
    (parameters as { type?: unknown }).type === 'object'
  ) {
    try {
      return z.fromJSONSchema(parameters as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodType<Args>;
    } catch (error) {
      throw new ConfigurationError(
        `defineTool(${name}): parameters is not a JSON Schema zod can read: ${String(error)}.`,
      );
    }
  }
  throw new ConfigurationError(
    `defineTool(${name}): parameters must be a zod object schema or a JSON Schema with type "object".`,
  );
}

/** The provider-facing description of a tool. */
export function toToolSpec(tool: Tool): ToolSpec {
  return { name: tool.name, description: tool.description, parameters: tool.jsonSchema };
}
