import {
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  ProtocolError,
} from '@modelcontextprotocol/client';
import { AbortedError } from '../errors.js';
import { withDefaults } from '../tools/json-schema-defaults.js';
import { checkJsonSchemaSoon, prepareJsonSchemaCheck } from '../tools/json-schema-soon.js';
import { McpInvalidAnswerError } from './mcp-errors.js';
import type { McpHubOptions, McpToolEvent } from './mcp-hub-options.js';
import { type ElicitationAnswer, PendingAnswers } from './pending-answers.js';
import { SAMPLING_CONSENT_SCHEMA, sampleWithModel, samplingQuestion } from './sampling.js';

/** Where a server's question goes: the events of the call it belongs to, and a pause of its timeout. */
export interface QuestionSink {
  emit: (event: McpToolEvent) => void;
  hold?: () => () => void;
}

/**
 * What servers ask of the client: elicitations become `clarify.request` events answered through
 * `respond` (defaults applied, checked against the form); sampling is served by the agent's model,
 * after the user's consent when `sampling.askUser` is set.
 */
export class ServerQuestions {
  readonly #pending = new PendingAnswers();
  readonly #options: McpHubOptions;
  readonly #closing: AbortSignal;
  /** Who hears a server's question (its call in flight, else the hub's `onEvent`). */
  readonly #sinkFor: (serverId: string) => QuestionSink | undefined;

  constructor(
    options: McpHubOptions,
    closing: AbortSignal,
    sinkFor: (serverId: string) => QuestionSink | undefined,
  ) {
    this.#options = options;
    this.#closing = closing;
    this.#sinkFor = sinkFor;
  }

  /** Ids of the questions waiting for an answer. */
  get ids(): string[] {
    return this.#pending.ids;
  }

  /** Answers a question; see `McpHub.respond`. */
  respond(requestId: string, answer: ElicitationAnswer | Record<string, unknown>): boolean {
    const normalized: ElicitationAnswer =
      'action' in answer && typeof answer.action === 'string'
        ? (answer as ElicitationAnswer)
        : { action: 'accept', content: answer as Record<string, unknown> };
    return this.#pending.answer(requestId, normalized);
  }

  /** Closes every open question (the hub is closing). */
  close(): void {
    this.#pending.rejectAll(new AbortedError());
  }

  async elicit(
    serverId: string,
    params: ElicitRequest['params'],
    signal: AbortSignal,
  ): Promise<ElicitResult> {
    if (params.mode === 'url') return { action: 'decline' };
    const schema = params.requestedSchema as Record<string, unknown>;
    const answer = await this.#ask(serverId, params.message, schema, signal);
    // The answer was checked against the requested schema, so its values are the form's primitive types.
    return answer.action === 'accept'
      ? { action: 'accept', content: (answer.content ?? {}) as NonNullable<ElicitResult['content']> }
      : answer;
  }

  async sample(
    serverId: string,
    params: CreateMessageRequest['params'],
    signal: AbortSignal,
  ): Promise<CreateMessageResult> {
    const sampling = this.#options.sampling!;
    if (sampling.askUser) {
      const question = samplingQuestion(serverId, params);
      const answer = await this.#ask(serverId, question, SAMPLING_CONSENT_SCHEMA, signal);
      // -1: "user rejected the sampling request", as the MCP specification suggests.
      if (answer.action !== 'accept' || answer.content?.allow !== true)
        throw new ProtocolError(-1, 'The user declined the sampling request.');
    }
    // The server waits for our model: its tool call is not idle meanwhile.
    const release = this.#sinkFor(serverId)?.hold?.();
    try {
      return await sampleWithModel(sampling.model, params, AbortSignal.any([signal, this.#closing]));
    } finally {
      release?.();
    }
  }

  async #ask(
    serverId: string,
    question: string,
    schema: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer> {
    const sink = this.#sinkFor(serverId);
    // Nobody can answer: decline at once rather than leave the server waiting for ten minutes.
    if (!sink) return { action: 'decline' };
    const requestId = `mcpq_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    // The answer is checked the moment it is given: the checker for this form is ready before it is asked.
    await prepareJsonSchemaCheck(schema);
    const answer = this.#pending.wait(requestId, {
      signal: AbortSignal.any([signal, this.#closing]),
      timeoutMs: this.#options.answerTimeoutMs ?? 10 * 60_000,
      check: (given) => checkAnswer(given, schema),
    });
    // The user may take minutes: the call that asked must not time out meanwhile.
    const release = sink.hold?.();
    sink.emit({ type: 'clarify.request', requestId, question, schema, source: 'mcp-elicitation', serverId });
    try {
      return await answer;
    } finally {
      release?.();
    }
  }
}

/** Applies the form's defaults to an accepted answer and checks it against the form's schema. */
function checkAnswer(answer: ElicitationAnswer, schema: Record<string, unknown>): ElicitationAnswer {
  if (answer.action !== 'accept') return answer;
  const content = withDefaults(schema, answer.content ?? {});
  const problems = checkJsonSchemaSoon(schema, content);
  // Never a promise: #ask prepared the check before the question went out.
  if (problems instanceof Promise) throw new Error('the answer check was not prepared');
  if (problems.length)
    throw new McpInvalidAnswerError(
      `The answer does not fit the requested form: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}. Correct these fields and answer again.`,
    );
  return { action: 'accept', content };
}
