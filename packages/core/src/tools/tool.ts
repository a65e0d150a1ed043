import { rejectUnknownOptions } from '../config/unknown-options.js';
import { ConfigurationError } from '../errors.js';
import type { AgentEventBody } from '../events.js';
import type { ChatModel, ToolSpec } from '../model/chat-model.js';
import type { ContentItem } from '../model/content.js';
import {
  formatIssues,
  isStandardJSONSchema,
  type StandardSchemaWithJSON,
  toJSONSchema,
} from './standard-schema.js';

/**
 * What a tool can report while it runs: the short forms become `tool.progress` / `tool.content` events of
 * its call; a full {@link ToolEvent} (as the MCP hub produces, e.g. an elicitation's `clarify.request`) is
 * passed through as it is.
 */
export type ToolEmission =
  | { type: 'progress'; progress: number; total?: number; message?: string }
  | { type: 'content'; content: ContentItem }
  | ToolEvent;

/** What a running tool gets besides its arguments. */
export interface ToolContext {
  /** Aborts when the run is stopped or the tool's timeout passes; pass it on to fetches and long work. */
  signal: AbortSignal;
  /** Id of this call, as in `tool.start` / `tool.complete` events. */
  toolCallId: string;
  runId: string;
  /** The agent's model, for pure-LLM operators (`rewrite_query`, `synthesize`). */
  model?: ChatModel;
  /** Reports progress or content of this call as it happens. */
  emit?: (emission: ToolEmission) => void;
  /** The conversation memory, when the agent has one (typed loosely until the memory layer lands). */
  memory?: unknown;
  /** The MCP hub, when the agent has one (typed loosely until the MCP layer lands). */
  mcp?: unknown;
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
  /** Validates arguments before `execute` runs; the issues are what the model reads when they are wrong. */
  readonly validate: (value: unknown) => ToolArgsValidation<Args> | Promise<ToolArgsValidation<Args>>;
  /** JSON Schema of the arguments, as sent to the provider. */
  readonly jsonSchema: Record<string, unknown>;
  /** Name of a tool run with the same arguments when this one fails or times out. */
  readonly fallback?: string | undefined;
  /** Milliseconds before the call is abandoned (its signal aborts) and counted as failed. */
  readonly timeoutMs?: number | undefined;
  /** The user must approve each call (`approval.request`, answered with `agent.respond`). */
  readonly needsApproval?: boolean | undefined;
  /** Tag of the page's custom element that `<agent-chat>` shows each call of this tool with. */
  readonly view?: string | undefined;
  execute(args: Args, context: ToolContext): Result | Promise<Result>;
}

/** The outcome of {@link Tool.validate}: the arguments to run with, or `path: message; …` issues. */
export type ToolArgsValidation<Args> = { ok: true; value: Args } | { ok: false; issues: string };

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
  /**
   * A zod 4 schema (or any Standard Schema that implements Standard JSON Schema), or a plain JSON Schema
   * object with `type: "object"` (validated without `eval` by @cfworker/json-schema).
   */
  parameters: StandardSchemaWithJSON<unknown, Args> | JSONSchemaObject;
  /** Name of a tool run with the same arguments when this one fails or times out. */
  fallback?: string;
  /** Milliseconds before the call is abandoned and counted as failed. */
  timeoutMs?: number;
  /** Ask the user before each call. */
  needsApproval?: boolean;
  /**
   * In `<agent-chat>`: the tag of a custom element the page defines (e.g. `'tea-results'`), created in each
   * call's stage with the call's `status`, `input` and `result` (the widget's `tool-views`, from code).
   */
  view?: string;
  execute(args: Args, context: ToolContext): Result | Promise<Result>;
}

/** Every field of a {@link ToolDefinition}; typed so that a new one cannot be forgotten here. */
const TOOL_OPTIONS = Object.keys({
  name: 1,
  description: 1,
  parameters: 1,
  fallback: 1,
  timeoutMs: 1,
  needsApproval: 1,
  view: 1,
  execute: 1,
} satisfies Record<keyof ToolDefinition<unknown, unknown>, 1>);

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
  const { name, description, parameters, execute, fallback, timeoutMs, needsApproval, view } = definition;
  rejectUnknownOptions(
    typeof name === 'string' ? `defineTool(${name})` : 'defineTool',
    definition,
    TOOL_OPTIONS,
  );
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
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new ConfigurationError(
      `defineTool(${name}): timeoutMs must be a positive number of milliseconds, got ${timeoutMs}.`,
    );
  if (fallback !== undefined && (!TOOL_NAME.test(fallback) || fallback === name))
    throw new ConfigurationError(
      `defineTool(${name}): fallback must name another tool, got ${JSON.stringify(fallback)}.`,
    );
  const schema = toStandard<Args>(name, parameters);
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = toJSONSchema(schema);
  } catch (error) {
    throw new ConfigurationError(
      `defineTool(${name}): parameters cannot be expressed as JSON Schema: ${String(error)}.`,
    );
  }
  if (jsonSchema.type !== 'object')
    throw new ConfigurationError(
      `defineTool(${name}): parameters must describe an object, e.g. z.object({ city: z.string() }).`,
    );
  const validate = (value: unknown) => {
    const result = schema['~standard'].validate(value);
    return result instanceof Promise ? result.then(toValidation<Args>) : toValidation<Args>(result);
  };
  return { name, description, validate, jsonSchema, fallback, timeoutMs, needsApproval, view, execute };
}

function toValidation<Args>(result: Awaited<ReturnType<StandardSchemaWithJSON['~standard']['validate']>>) {
  return result.issues
    ? ({ ok: false, issues: formatIssues(result.issues) } as const)
    : ({ ok: true, value: result.value as Args } as const);
}

function toStandard<Args>(name: string, parameters: unknown): StandardSchemaWithJSON<unknown, Args> {
  if (isStandardJSONSchema(parameters)) return parameters as StandardSchemaWithJSON<unknown, Args>;
  if (
    typeof parameters === 'object' &&
    parameters !== null &&
    (parameters as { type?: unknown }).type === 'object'
  )
    return lazyJSONSchema<Args>(parameters as Record<string, unknown>);
  throw new ConfigurationError(
    `defineTool(${name}): parameters must be a zod object schema (or another Standard Schema with JSON Schema support) or a JSON Schema with type "object".`,
  );
}

type SchemaChecks = typeof import('./tool-args-check.js');
/** The JSON Schema checks, once loaded (so only a page's first tool call waits for them). */
let schemaChecks: SchemaChecks | undefined;

/**
 * A plain JSON Schema as a Standard Schema whose check loads on the first call (tool-args-check.ts): a small
 * yes-or-no check for good arguments, the checks that say what is wrong (the fast check, and
 * @cfworker/json-schema, 7 kB gzipped, for a schema the fast check declines) when there is something to say.
 * Later calls are synchronous. Tool validation may be asynchronous anyway
 * (`Tool.validate`); `fromJSONSchema` itself stays synchronous.
 */
function lazyJSONSchema<Args>(schema: Record<string, unknown>): StandardSchemaWithJSON<unknown, Args> {
  const describe = () => structuredClone(schema);
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-chat',
      validate(value) {
        if (schemaChecks) return schemaChecks.standardResultSoon<Args>(schema, value);
        return import('./tool-args-check.js').then((checks) => {
          schemaChecks = checks;
          return checks.standardResultSoon<Args>(schema, value);
        });
      },
      jsonSchema: { input: describe, output: describe },
    },
  };
}

/** The provider-facing description of a tool. */
export function toToolSpec(tool: Tool): ToolSpec {
  return { name: tool.name, description: tool.description, parameters: tool.jsonSchema };
}
