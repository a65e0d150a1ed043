import { AgentChatError } from '../errors.js';

/** Even fully compacted, the conversation does not fit the model's context window or the run's token budget. */
export class ContextBudgetError extends AgentChatError {
  readonly neededTokens: number;
  readonly availableTokens: number;

  constructor(neededTokens: number, availableTokens: number, limit: 'context window' | 'token budget') {
    super(
      'context_overflow',
      `The request needs ${neededTokens} tokens after every compaction, but the ${limit} leaves ${Math.max(0, availableTokens)}: ` +
        (limit === 'token budget'
          ? 'raise limits.tokenBudget or start a new conversation.'
          : 'shorten the message or attachments, or use a model with a larger context window.'),
    );
    this.neededTokens = neededTokens;
    this.availableTokens = availableTokens;
  }
}
