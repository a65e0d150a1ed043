import { ConfigurationError } from '../../errors.js';
import { collectText } from '../../model/collect-text.js';
import { fromJSONSchema } from '../json-schema-type.js';
import { defineTool, type Tool, type ToolContext } from '../tool.js';

// Plain JSON Schema keeps a schema library out of core's bundle.
const parameters = fromJSONSchema<{ query: string; purpose?: string }>({
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, description: 'The query to rewrite' },
    purpose: { type: 'string', description: 'What the rewritten query is for, e.g. "web search"' },
  },
  required: ['query'],
});

/**
 * Built-in pure-LLM operator: rewrites a user query into a short, self-contained search query with the
 * agent's model. Returns `{ query }`, so a workflow step can read `{{step_1.output.query}}`.
 */
export const rewriteQueryTool: Tool<{ query: string; purpose?: string }, { query: string }> = defineTool({
  name: 'rewrite_query',
  description:
    'Rewrite a question into a concise, self-contained search query (resolves pronouns, drops filler). Returns { query }.',
  parameters,
  async execute({ query, purpose }, context) {
    const text = await collectText(
      requireModel(context, 'rewrite_query'),
      {
        messages: [
          {
            role: 'system',
            content: `Rewrite the user's text as one concise search query${purpose ? ` for ${purpose}` : ''}. Reply with the query only.`,
          },
          { role: 'user', content: query },
        ],
        temperature: 0,
      },
      context.signal,
    );
    return { query: text.trim().replace(/^["']|["']$/g, '') || query };
  },
});

/** The agent's model from a tool context, or an error naming what is missing. */
export function requireModel(context: ToolContext, tool: string) {
  if (!context.model)
    throw new ConfigurationError(`${tool} needs a model in its context; run it through an agent.`);
  return context.model;
}
