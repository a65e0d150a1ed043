import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createAgent } from '../agent/create-agent.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { redactSecrets } from './redact.js';
import { memoryRunLog, runLogFile } from './run-log.js';

describe('run log', () => {
  it('records model calls with usage, tool calls, decisions and the finish as JSONL, without secrets', async () => {
    const login = defineTool({
      name: 'login',
      description: 'Logs in.',
      parameters: z.object({ user: z.string(), password: z.string() }),
      execute: () => ({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ24', ok: true }),
    });
    const model = mockModel([
      {
        toolCalls: [{ name: 'login', arguments: { user: 'ann', password: 'hunter2!' } }],
        usage: { inputTokens: 12, outputTokens: 5 },
      },
      {
        text: 'Logged in with key sk-proj-0123456789abcdefXYZ.',
        usage: { inputTokens: 30, outputTokens: 9 },
      },
    ]);
    const log = memoryRunLog({ secrets: ['hunter2!'] });
    const agent = createAgent({ model, tools: [login], runLog: log });
    let runId = '';
    for await (const event of agent.run({ message: 'log me in, my password is hunter2!' }))
      runId = event.runId;

    const records = log.records(runId);
    expect(records.map((r) => r.kind)).toEqual([
      'run.start',
      'model.request',
      'model.response',
      'decision',
      'tool.call',
      'tool.result',
      'model.request',
      'model.response',
      'decision',
      'run.finish',
    ]);
    expect(records.every((r) => r.runId === runId && typeof r.ts === 'number')).toBe(true);
    expect(records[2]).toMatchObject({ usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17 } });
    expect(records[3]).toMatchObject({ action: 'call_tool', mode: 'native-tools' });
    const jsonl = log.toJSONL(runId);
    expect(
      jsonl
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).kind),
    ).toHaveLength(10);
    for (const secret of ['hunter2!', 'sk-proj-0123456789abcdefXYZ', 'eyJhbGciOiJIUzI1NiJ9'])
      expect(jsonl).not.toContain(secret);
    expect(jsonl).toContain('[redacted]');

    const file = runLogFile(log, 'run.jsonl', runId);
    expect(file.name).toBe('run.jsonl');
    expect(file.type).toBe('application/x-ndjson');
    expect(await file.text()).toBe(jsonl);
  });

  it('redacts secret-named keys and bearer tokens but keeps token counts', () => {
    expect(
      redactSecrets({
        headers: { Authorization: 'Bearer abc.def', 'x-api-key': 'k' },
        usage: { inputTokens: 3 },
        text: 'use Bearer xyz123 please',
      }),
    ).toEqual({
      headers: { Authorization: '[redacted]', 'x-api-key': '[redacted]' },
      usage: { inputTokens: 3 },
      text: 'use [redacted] please',
    });
  });
});
