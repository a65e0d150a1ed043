import type { ChatModel, ModelRequest } from '../model/chat-model.js';
import { collectText } from '../model/collect-text.js';
import type { Message } from '../model/messages.js';
import { formatIssues, type StandardSchemaWithJSON, toJSONSchema } from '../tools/standard-schema.js';
import { extractJson } from './extract-json.js';
import { type StructuredAttempt, StructuredOutputError } from './structured-output-error.js';

/** Options of {@link structured}. */
export interface StructuredOptions<T> {
  model: ChatModel;
  messages: Message[];
  /** A zod 4 schema, or any Standard Schema that implements Standard JSON Schema. */
  schema: StandardSchemaWithJSON<unknown, T>;
  /** Schema name for the provider's JSON-schema mode; default `output`. */
  name?: string;
  /** Attempts in all, the first included; default 3. */
  maxAttempts?: number;
  signal?: AbortSignal;
  /** Performs one model call and returns its text (the agent passes one that logs and counts usage). */
  call?: (request: ModelRequest) => Promise<string>;
  /** Called after each refused attempt. */
  onRetry?: (attempt: StructuredAttempt & { attempt: number }) => void;
}

/**
 * Asks a model for JSON matching a schema (zod or any Standard Schema with JSON Schema support): uses the provider's JSON-schema mode when the model
 * offers one, extracts the JSON from code fences or prose, validates it, and on failure retries with the
 * error fed back to the model. After `maxAttempts` it throws a {@link StructuredOutputError} holding
 * every attempt.
 *
 * @example
 * const verdict = await structured({ model, messages, schema: z.object({ ok: z.boolean() }) });
 */
export async function structured<T>(options: StructuredOptions<T>): Promise<T> {
  const { model, schema, signal } = options;
  const maxAttempts = options.maxAttempts ?? 3;
  const jsonSchema = toJSONSchema(schema);
  const call = options.call ?? ((request: ModelRequest) => collectText(model, request, signal));
  const messages: Message[] = [
    ...options.messages,
    {
      role: 'user',
      content: `Reply with only one JSON object (no prose, no code fence) that matches this JSON Schema:\n${JSON.stringify(jsonSchema)}`,
    },
  ];
  const attempts: StructuredAttempt[] = [];
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const request: ModelRequest = { messages: messages.slice() };
    if (model.capabilities.jsonSchema)
      request.responseFormat = { type: 'json_schema', name: options.name ?? 'output', schema: jsonSchema };
    const output = await call(request);
    const extracted = extractJson(output);
    let error: string;
    let kind: string;
    if (extracted.ok) {
      const parsed = await schema['~standard'].validate(extracted.value);
      if (!parsed.issues) return parsed.value;
      kind = 'Schema validation error';
      error = formatIssues(parsed.issues, '\n', (path) => `- Field '${path}'`);
    } else {
      kind = 'JSON parse error';
      error = extracted.error;
    }
    attempts.push({ output, error: `${kind}: ${error}` });
    options.onRetry?.({ attempt, output, error: `${kind}: ${error}` });
    messages.push(
      { role: 'assistant', content: output },
      {
        role: 'user',
        content: `PREVIOUS ATTEMPT FAILED - fix it and answer again.\nError type: ${kind}\nError details:\n${error}\nReply with only the corrected JSON object.`,
      },
    );
  }
  throw new StructuredOutputError(attempts);
}
