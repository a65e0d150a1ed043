// Our UIMessageBuilder (kept so a remote-agent page does not download `ai`'s runtime) must build the
// same UIMessage as `ai`'s own readUIMessageStream, on streams of a real AI SDK route, every chunk of
// which `ai`'s uiMessageChunkSchema accepts.

import {
  parseJsonEventStream,
  readUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
  uiMessageChunkSchema,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { UIMessageBuilder } from '../../packages/core/src/remote/ai-sdk/ui-message-builder.ts';
import { useAiSdkRoute } from './use-ai-sdk-route.js';

const servers = useAiSdkRoute();

const user = (text: string): UIMessage => ({
  id: `u_${text.length}`,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/** Posts the conversation, validates every chunk with `ai`'s schema, and builds the message both ways. */
async function both(
  messages: UIMessage[],
  continuing?: UIMessage,
  path = '/api/chat',
): Promise<[UIMessage, UIMessage]> {
  const response = await fetch(`${servers.route.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'chat-1', messages, trigger: 'submit-message', messageId: continuing?.id }),
  });
  const chunks: UIMessageChunk[] = [];
  const parsed = parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema });
  const reader = parsed.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (!next.value.success) throw next.value.error;
    chunks.push(next.value.value);
  }
  const ours = new UIMessageBuilder(continuing);
  for (const chunk of chunks) ours.apply(chunk);
  let theirs: UIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  for await (const message of readUIMessageStream({
    message: continuing && structuredClone(continuing),
    stream,
  }))
    theirs = message;
  // Without a `start` messageId readUIMessageStream leaves the id empty, where useChat (and we) make one.
  const id = theirs!.id || ours.message.id;
  return [
    { ...ours.message, id },
    { ...theirs!, id },
  ];
}

describe('UIMessageBuilder builds what ai readUIMessageStream builds', () => {
  it('reasoning, a server tool with its output, text over two steps', async () => {
    servers.model.enqueue(
      { reasoning: 'Look it up.', toolCalls: [{ id: 'c1', name: 'lookup', arguments: { id: '7' } }] },
      { text: 'Order 7 has shipped.' },
    );
    const [ours, theirs] = await both([user('Where is order 7?')]);
    expect(ours.parts.map((p) => p.type)).toContain('tool-lookup');
    expect(ours).toEqual(theirs);
  });

  it('a data part written beside the model stream', async () => {
    servers.model.enqueue({ text: 'Mild.' });
    const [ours, theirs] = await both([user('Weather?')], undefined, '/data');
    expect(ours.parts[0]).toEqual({ type: 'data-weather', id: 'w1', data: { city: 'Paris', celsius: 18 } });
    // The part came before the `start` chunk: readUIMessageStream resets on the new message id and drops it,
    // useChat (no reset outside resume-stream) keeps it, as we do. The rest is the same.
    expect({ ...ours, parts: ours.parts.slice(1) }).toEqual(theirs);
  });

  it('a client tool call left open, then continued with its output', async () => {
    servers.model.enqueue(
      { toolCalls: [{ id: 'p1', name: 'page_color', arguments: {} }] },
      { text: 'Teal.' },
    );
    const [first, theirsFirst] = await both([user('Color?')]);
    expect(first).toEqual(theirsFirst);
    const part = first.parts.find((p) => p.type === 'tool-page_color') as Record<string, unknown>;
    expect(part.state).toBe('input-available');
    Object.assign(part, { state: 'output-available', output: { color: 'teal' } });
    const [ours, theirs] = await both([user('Color?'), first], first);
    expect(ours).toEqual(theirs);
  });

  it('a needsApproval tool: approval-requested, then the answered approval continued', async () => {
    servers.model.enqueue(
      { toolCalls: [{ id: 'd1', name: 'delete_item', arguments: { id: 'x1' } }] },
      { text: 'Done.' },
    );
    const [first, theirsFirst] = await both([user('Delete x1')]);
    expect(first).toEqual(theirsFirst);
    const part = first.parts.find((p) => p.type === 'tool-delete_item') as Record<string, unknown> & {
      approval: { id: string };
    };
    expect(part.state).toBe('approval-requested');
    Object.assign(part, { state: 'approval-responded', approval: { ...part.approval, approved: true } });
    const [ours, theirs] = await both([user('Delete x1'), first], first);
    expect(ours).toEqual(theirs);
    expect(servers.route.deleted).toContain('x1');
  });
});
