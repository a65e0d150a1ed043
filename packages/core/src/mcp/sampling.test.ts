import { describe, expect, it } from 'vitest';
import { mockModel } from '../test/mock-model.js';
import { sampleWithModel, samplingQuestion } from './sampling.js';

describe('sampleWithModel', () => {
  it("answers a server's sampling request with the model's streamed text", async () => {
    const model = mockModel([{ text: 'Bonjour' }]);
    const result = await sampleWithModel(
      model,
      {
        systemPrompt: 'Translate.',
        maxTokens: 20,
        temperature: 0.2,
        messages: [
          { role: 'user', content: { type: 'text', text: 'Hello' } },
          { role: 'user', content: { type: 'image', data: 'AA==', mimeType: 'image/png' } },
        ],
      },
      new AbortController().signal,
    );
    expect(result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Bonjour' },
      model: 'mock:model',
      stopReason: 'endTurn',
    });
    expect(model.requests[0]).toEqual({
      messages: [
        { role: 'system', content: 'Translate.' },
        { role: 'user', content: 'Hello' },
        { role: 'user', content: '[image omitted]' },
      ],
      maxTokens: 20,
      temperature: 0.2,
    });
  });

  it('reports maxTokens when the model was cut by length', async () => {
    const model = mockModel([
      [
        { type: 'text-delta', text: 'Too lo' },
        { type: 'finish', reason: 'length' },
      ],
    ]);
    const result = await sampleWithModel(model, { maxTokens: 2, messages: [] }, new AbortController().signal);
    expect(result.stopReason).toBe('maxTokens');
  });

  it('asks the user with the prompt and the token budget', () => {
    expect(
      samplingQuestion('docs', {
        maxTokens: 50,
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarize X' } }],
      }),
    ).toBe(
      'The MCP server "docs" asks to use the AI model (up to 50 tokens) with this prompt: "Summarize X". Allow it?',
    );
  });
});
