import * as z from 'zod';
import { collectText } from '../../model/collect-text.js';
import { defineTool, type Tool } from '../tool.js';
import { requireModel } from './rewrite-query-tool.js';

const parameters = z.object({
  question: z.string().min(1).describe('What the synthesis must answer'),
  sources: z.array(z.unknown()).min(1).describe('Results of earlier steps to combine'),
});

/**
 * Built-in pure-LLM operator: combines the outputs of earlier steps into one answer with the agent's
 * model. It sees only its mapped inputs (focused context), not the conversation.
 */
export const synthesizeTool: Tool<z.infer<typeof parameters>, string> = defineTool({
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
