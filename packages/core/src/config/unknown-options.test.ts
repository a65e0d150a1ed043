import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createAgent } from '../agent/create-agent.js';
import { ConfigurationError } from '../errors.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';

describe('unknown options', () => {
  const model = mockModel([{ text: 'hi' }]);

  it('createAgent names the closest valid option, across levels', () => {
    const wrong = { model, maxTurns: 8 } as never;
    expect(() => createAgent(wrong)).toThrow(ConfigurationError);
    expect(() => createAgent(wrong)).toThrow(/unknown option "maxTurns"\. Did you mean "limits\.maxTurns"\?/);
    expect(() => createAgent({ model, sytemPrompt: 'x' } as never)).toThrow(/Did you mean "systemPrompt"/);
    expect(() => createAgent({ model, limits: { maxTurn: 3 } } as never)).toThrow(
      /unknown option "limits\.maxTurn"\. Did you mean "limits\.maxTurns"/,
    );
    expect(() => createAgent({ model, colour: 'red' } as never)).toThrow(
      /unknown option "colour"\. Valid options/,
    );
  });

  it('defineTool names the closest valid field', () => {
    const base = { name: 'add', description: 'Adds.', parameters: z.object({}), execute: () => 1 };
    expect(() => defineTool({ ...base, timeout: 10 } as never)).toThrow(
      /defineTool\(add\): unknown option "timeout"\. Did you mean "timeoutMs"/,
    );
    expect(() => defineTool({ ...base, schema: {} } as never)).toThrow(ConfigurationError);
    expect(defineTool(base).name).toBe('add');
  });
});
