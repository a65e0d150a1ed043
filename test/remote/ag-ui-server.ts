import { createServer } from 'node:http';
import { type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { listenLocal } from './listen.js';
import { requestText } from './request-text.js';

/** A running AG-UI endpoint. */
export interface AgUiServer {
  readonly url: string;
  readonly inputs: RunAgentInput[];
  close(): Promise<void>;
}

/**
 * An AG-UI endpoint built from `@ag-ui/core` types and `@ag-ui/encoder` (no agent framework runs offline
 * here): a scripted agent that reads `RunAgentInput` and answers by the user's last words — `order`: a
 * backend tool call with its result, state snapshot and delta, then text; `color`: a call of the frontend
 * tool `page_color` when the input offers it (and, once its tool message is back, an answer using it);
 * `fail`: `RUN_ERROR`; `cut`: the connection closes mid-answer; `end early`: the response ends without
 * `RUN_FINISHED`.
 */
export async function startAgUiServer(): Promise<AgUiServer> {
  const inputs: RunAgentInput[] = [];
  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const input = JSON.parse(await requestText(req)) as RunAgentInput;
    inputs.push(input);
    const encoder = new EventEncoder({ accept: String(req.headers.accept ?? '') });
    res.writeHead(200, { 'content-type': encoder.getContentType() });
    const send = (event: BaseEvent & Record<string, unknown>) => res.write(encoder.encode(event as never));
    const { threadId, runId } = input;
    send({ type: EventType.RUN_STARTED, threadId, runId });
    const last = input.messages.at(-1);
    const said = last?.role === 'user' ? String(last.content) : '';
    const reply = (words: string) => {
      const messageId = `m_${runId}`;
      send({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
      for (const piece of words.match(/.{1,6}/g) ?? [])
        send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: piece });
      send({ type: EventType.TEXT_MESSAGE_END, messageId });
    };
    if (last?.role === 'tool') reply(`The page says ${last.content}.`);
    else if (said.includes('fail')) {
      send({ type: EventType.RUN_ERROR, message: 'the planner crashed' });
      return void res.end();
    } else if (said.includes('end early')) {
      reply('This answer ends early');
      // The response ends cleanly, but without RUN_FINISHED.
      return void res.end();
    } else if (said.includes('cut')) {
      reply('This answer is cut');
      // Let the events reach the client, then drop the connection without RUN_FINISHED.
      return void setTimeout(() => res.destroy(), 100);
    } else if (said.includes('order')) {
      send({ type: EventType.STEP_STARTED, stepName: 'lookup' });
      send({ type: EventType.TOOL_CALL_START, toolCallId: 'b1', toolCallName: 'lookup' });
      send({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'b1', delta: '{"id":"7"}' });
      send({ type: EventType.TOOL_CALL_END, toolCallId: 'b1' });
      send({
        type: EventType.TOOL_CALL_RESULT,
        messageId: 'r1',
        toolCallId: 'b1',
        content: '{"status":"shipped"}',
      });
      send({ type: EventType.STATE_SNAPSHOT, snapshot: { orders: 1 } });
      send({ type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/orders', value: 2 }] });
      send({ type: EventType.STEP_FINISHED, stepName: 'lookup' });
      reply('Order 7 has shipped.');
    } else if (said.includes('color') && input.tools.some((t) => t.name === 'page_color')) {
      const parentMessageId = `m_${runId}`;
      send({
        type: EventType.TOOL_CALL_START,
        toolCallId: 'f1',
        toolCallName: 'page_color',
        parentMessageId,
      });
      send({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'f1', delta: '{}' });
      send({ type: EventType.TOOL_CALL_END, toolCallId: 'f1' });
    } else reply(`You said: ${said}`);
    send({ type: EventType.RUN_FINISHED, threadId, runId });
    res.end();
  });
  const { origin, close } = await listenLocal(server);
  return { url: `${origin}/agent`, inputs, close };
}
