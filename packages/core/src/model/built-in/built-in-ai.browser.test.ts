import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createAgent } from '../../agent/create-agent.js';
import { collect, ofType } from '../../test/collect.js';
import { fakeLanguageModel } from '../../test/fake-language-model.js';
import { mockModel } from '../../test/mock-model.js';
import { defineTool } from '../../tools/tool.js';
import { fallback } from '../fallback.js';
import { builtInAI } from './built-in-ai.js';

// builtInAI() in Chromium against a fake `LanguageModel` global with the Prompt API's documented shape.
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** A page tool: reads the page it runs in. */
const pageTitle = defineTool({
  name: 'page_title',
  description: 'The title of the current page.',
  parameters: z.object({}),
  execute: () => document.title,
});

describe('builtInAI (Prompt API)', () => {
  it('runs JSON decisions under responseConstraint and calls a page tool', async () => {
    document.title = 'Tea shop';
    const fake = fakeLanguageModel({
      answers: [
        '{"action":"call_tool","reasoning":"the title is on the page","tool":"page_title","params":{}}',
        (prompt) =>
          `{"action":"answer","reasoning":"read it","response":"This page is ${/Tea shop/.test(JSON.stringify(prompt)) ? 'the Tea shop' : 'unknown'}."}`,
      ],
    });
    restore = fake.install();
    const agent = createAgent({ model: builtInAI(), tools: [pageTitle] });
    expect(agent.decisionMode).toBe('json');
    const events = await collect(agent.run({ message: 'Which page am I on?' }));
    expect(ofType(events, 'tool.complete')[0]).toMatchObject({ name: 'page_title', result: 'Tea shop' });
    expect(ofType(events, 'response.done')[0]?.text).toBe('This page is the Tea shop.');
    // Every decision was constrained by the decision schema; the system prompt went first in initialPrompts.
    expect(fake.prompts[0]?.responseConstraint).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['action']),
    });
    expect(fake.prompts[0]?.initialPrompts[0]).toMatchObject({
      role: 'system',
      content: expect.stringMatching(/page_title/),
    });
    expect(JSON.stringify(fake.prompts[0])).toContain('Which page am I on?');
    expect(fake.sessions).toEqual({ created: 2, destroyed: 2 });
  });

  it.each([
    ['{"name": "page_title", "arguments": {}}'],
    ['<tool_call>{"tool": "page_title", "args": {}}</tool_call>'],
  ])('runs the tool call it wrote instead of a decision (%s) without asking again', async (mistake) => {
    document.title = 'Tea shop';
    const fake = fakeLanguageModel({
      answers: [mistake, '{"action":"answer","reasoning":"read it","response":"You are in the Tea shop."}'],
    });
    restore = fake.install();
    const events = await collect(
      createAgent({ model: builtInAI(), tools: [pageTitle] }).run({ message: 'Which page am I on?' }),
    );
    expect(ofType(events, 'tool.complete')[0]).toMatchObject({ name: 'page_title', result: 'Tea shop' });
    expect(ofType(events, 'response.done')[0]?.text).toBe('You are in the Tea shop.');
    expect(fake.prompts).toHaveLength(2);
  });

  it('reports the browser downloading its model as model.loading progress', async () => {
    restore = fakeLanguageModel({
      availability: 'downloadable',
      downloadProgress: [0, 0.25, 0.75, 1],
      answers: ['Hello from the built-in model.'],
    }).install();
    const remote = mockModel([{ text: 'not me' }]);
    const events = await collect(
      createAgent({ model: fallback([builtInAI(), remote]) }).run({ message: 'Hi' }),
    );
    // Where the browser has its model, fallback() picks it and says so.
    expect(ofType(events, 'model.decided')).toEqual([
      expect.objectContaining({ model: 'built-in:gemini-nano', reason: 'first choice can do the job' }),
    ]);
    expect(remote.requests).toHaveLength(0);
    expect(ofType(events, 'model.loading').map((e) => [e.phase, e.fraction])).toEqual([
      ['download', 0],
      ['download', 0.25],
      ['download', 0.75],
      ['download', 1],
      ['ready', 1],
    ]);
    expect(ofType(events, 'model.loading')[0]?.model).toBe('built-in:gemini-nano');
    expect(ofType(events, 'response.done')[0]?.text).toBe('Hello from the built-in model.');
  });

  it('lets fallback() choose the next model when the browser says unavailable, and says why', async () => {
    restore = fakeLanguageModel({ availability: 'unavailable', answers: ['never'] }).install();
    const remote = mockModel([{ text: 'Answered remotely.' }]);
    const events = await collect(
      createAgent({ model: fallback([builtInAI(), remote]) }).run({ message: 'Hi' }),
    );
    expect(ofType(events, 'response.done')[0]?.text).toBe('Answered remotely.');
    expect(ofType(events, 'model.decided').at(-1)).toMatchObject({
      model: 'mock:model',
      reason: expect.stringMatching(
        /skipped built-in:gemini-nano: The browser says its built-in model is unavailable/,
      ),
    });
  });

  it('treats a browser without LanguageModel the same way', async () => {
    // Chromium may ship its own LanguageModel (unavailable when headless): take it away for this test.
    const scope = globalThis as { LanguageModel?: unknown };
    const own = scope.LanguageModel;
    delete scope.LanguageModel;
    restore = () => {
      if (own !== undefined) scope.LanguageModel = own;
    };
    const events = await collect(
      createAgent({ model: fallback([builtInAI(), mockModel([{ text: 'ok' }])]) }).run({ message: 'Hi' }),
    );
    expect(ofType(events, 'model.decided').at(-1)?.reason).toMatch(/This browser has no built-in model/);
  });
});
