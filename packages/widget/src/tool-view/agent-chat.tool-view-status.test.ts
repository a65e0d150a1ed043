import type { AgentEvent, AgentEventBody } from '@agent-chat/core';
import { describe, expect, it, vi } from 'vitest';
import '../agent-chat.js';
import type { ScriptStep } from '../test/fake-agent.js';
import { mountWithFakeAgent, part, send } from '../test/mount.js';
import { applyEvent } from '../transcript-model/transcript.js';

/** Every property the chat sets on a view, in order. */
const log: Array<{ view: Element; name: string; value: unknown }> = [];

class RecordingView extends HTMLElement {
  static {
    for (const name of ['toolName', 'callId', 'status', 'input', 'result', 'error'])
      Object.defineProperty(RecordingView.prototype, name, {
        set(this: RecordingView, value: unknown) {
          log.push({ view: this, name, value });
          if (name === 'status') this.dataset.status = String(value);
        },
      });
  }
}
customElements.define('recording-view', RecordingView);

/**
 * The stages of calls not started yet are a lazy chunk, loaded with the first tool event (an update that comes
 * before it is here goes by; the arguments text of the next has all of it): this step waits until it is here.
 */
const stagesLoaded: ScriptStep = {
  until: () =>
    vi.waitFor(() => {
      const event = { type: 'tool.input', turn: 1, toolCallId: 'x', name: 'x', argsText: '{' } as const;
      expect(applyEvent([], { ...event, runId: 'r', seq: 0, ts: 0 })).toHaveLength(1);
    }),
};
const seen = (name: string) => log.filter((e) => e.name === name).map((e) => e.value);
const waitSeen = (name: string, value: unknown) =>
  vi.waitFor(() => expect(seen(name)).toContainEqual(value), { timeout: 10_000 });
const input = (argsText: string): AgentEventBody => ({
  type: 'tool.input',
  turn: 1,
  toolCallId: 'c1',
  name: 'search_products',
  argsText,
});
const done: AgentEventBody = {
  type: 'tool.complete',
  toolCallId: 'c1',
  name: 'search_products',
  result: ['Sencha'],
  content: '["Sencha"]',
  durationMs: 2,
};

describe('tool view statuses', () => {
  it('input-streaming with the partial input as it arrives, then running with the whole input, then done', async () => {
    log.length = 0;
    const { element, root } = await mountWithFakeAgent([
      () => [
        input('{"query":"g'),
        stagesLoaded,
        input('{"query":"gr'),
        { until: () => waitSeen('status', 'input-streaming') },
        input('{"query":"green", "max'),
        { until: () => waitSeen('input', { query: 'green' }) },
        { type: 'tool.input', turn: 1, toolCallId: 'c9', name: 'plain_tool', argsText: '{"a":' },
        {
          type: 'tool.start',
          turn: 1,
          toolCallId: 'c1',
          name: 'search_products',
          args: { query: 'green', max: 3 },
        },
        // The chat renders once per frame: a call that ends at once is never seen running.
        { until: () => waitSeen('status', 'running') },
        done,
        { type: 'response.chunk', turn: 2, text: 'One tea.' },
      ],
    ]);
    element.toolViews = { search_products: 'recording-view' };
    await send(element, 'Green teas?');
    await expect
      .poll(() => seen('status'), { timeout: 10_000 })
      .toEqual(['input-streaming', 'running', 'done']);
    expect(seen('input').slice(-3)).toEqual([
      { query: 'gr' },
      { query: 'green' },
      { query: 'green', max: 3 },
    ]);
    expect(seen('result')).toEqual([['Sencha']]);
    // One element saw it all, in the call's stage.
    expect(new Set(log.map((e) => e.view)).size).toBe(1);
    expect(root.querySelectorAll('[part~="stage"] recording-view')).toHaveLength(1);
    // A call without a view shows no stage before it starts (as before there were input events).
    await expect.poll(() => part(element, 'message-assistant')?.textContent).toContain('One tea.');
    expect(root.querySelector('[part~="stage"][data-tool="plain_tool"]')).toBeNull();
    expect(root.querySelectorAll('[part~="stage"]')).toHaveLength(1);
  });

  it('awaiting-approval while the approval is pending, then running and done in the resumed run, one element', async () => {
    log.length = 0;
    const { element, agent, root } = await mountWithFakeAgent([
      () => [
        input('{"query":"green"}'),
        stagesLoaded,
        {
          type: 'approval.request',
          requestId: 'a1',
          toolCallId: 'c1',
          name: 'search_products',
          args: { query: 'green' },
        },
      ],
    ]);
    // As the core agent does: the approved call runs in a new run that resumes the paused one.
    let seq = 0;
    const event = (body: AgentEventBody) =>
      ({ ...body, runId: 'run-resumed', seq: seq++, ts: 0 }) as AgentEvent;
    agent.respond = async function* () {
      yield event({ type: 'run.start', conversationId: 'conv-1', message: '', resumes: 'a1' });
      yield event({
        type: 'tool.start',
        turn: 0,
        toolCallId: 'c1',
        name: 'search_products',
        args: { query: 'green' },
      });
      yield event(done);
      yield event({ type: 'response.chunk', turn: 1, text: 'One tea.' });
      yield event({ type: 'run.finish', status: 'completed', turns: 1 });
    };
    element.toolViews = { search_products: 'recording-view' };
    await send(element, 'Green teas?');
    await expect
      .poll(() => root.querySelector('recording-view')?.getAttribute('data-status'), { timeout: 10_000 })
      .toBe('awaiting-approval');
    expect(seen('input').at(-1)).toEqual({ query: 'green' });
    // The approval form is a chunk of its own: wait for its button.
    await expect.poll(() => part(element, 'approve')).not.toBeNull();
    part(element, 'approve')!.click();
    await expect.poll(() => seen('status').at(-1), { timeout: 10_000 }).toBe('done');
    expect(seen('status').filter((s) => s !== 'input-streaming')).toEqual([
      'awaiting-approval',
      'running',
      'done',
    ]);
    expect(new Set(log.map((e) => e.view)).size).toBe(1);
    expect(root.querySelectorAll('recording-view')).toHaveLength(1);
    expect(root.querySelector('recording-view')?.isConnected).toBe(true);
  });

  it('a declined approval: error, saying it was declined', async () => {
    log.length = 0;
    const { element, root } = await mountWithFakeAgent([
      () => [
        input('{"query":"x"}'),
        stagesLoaded,
        {
          type: 'approval.request',
          requestId: 'a2',
          toolCallId: 'c1',
          name: 'search_products',
          args: { query: 'x' },
        },
        { awaitResponse: 'a2' },
        { type: 'response.chunk', turn: 2, text: 'Not searched.' },
      ],
    ]);
    element.toolViews = { search_products: 'recording-view' };
    await send(element, 'Green teas?');
    await expect
      .poll(() => root.querySelector('recording-view')?.getAttribute('data-status'), { timeout: 10_000 })
      .toBe('awaiting-approval');
    part(element, 'deny')!.click();
    await expect.poll(() => seen('status').at(-1), { timeout: 10_000 }).toBe('error');
    expect(seen('status').filter((s) => s !== 'input-streaming')).toEqual(['awaiting-approval', 'error']);
    expect(seen('error')).toEqual(['Declined by the user.']);
  });
});
