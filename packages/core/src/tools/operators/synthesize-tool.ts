import { collectText } from '../../model/collect-text.js';
import { fromJSONSchema } from '../json-schema-type.js';
import { defineTool, type Tool } from '../tool.js';
import { requireModel } from './rewrite-query-tool.js';

interface SynthesizeArgs {
  question: string;
  sources: unknown[];
}

const parameters = fromJSONSchema<SynthesizeArgs>({
  type: 'object',
  properties: {
    question: { type: 'string', minLength: 1, description: 'What the synthesis must answer' },
    sources: { type: 'array', minItems: 1, description: 'Results of earlier steps to combine' },
  },
  required: ['question', 'sources'],
});

/**
 * Built-in pure-LLM operator: combines the outputs of earlier steps into one answer with the agent's
 * model. It sees only its mapped inputs (focused context), not the conversation.
 */
export const synthesizeTool: Tool<SynthesizeArgs, string> = defineTool({
  name: 'synthesize',
  description: 'Combine several sources (outputs of earlier steps) into one concise answer to a question.',
  parameters,
  async execute({ question, sources }, context) {
    const listed = sources
      .map((source, i) => `[${i + 1}] ${typeof source === 'string' ? source : JSON.stringify(source)}`)
      .join('\n');
    const text = await collectText(
      requireModel(context, 'synthesize'),
      {
        messages: [
          {
            role: 'system',
            content:
              'Answer the question using only the numbered sources. Be concise; cite sources as [n]; say what is missing.',
          },
          { role: 'user', content: `Question: ${question}\n\nSources:\n${listed}` },
        ],
      },
      context.signal,
    );
    return text.trim();
  },
});
