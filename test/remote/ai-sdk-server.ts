import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
} from 'ai';
import { listenLocal } from './listen.js';
import { requestText } from './request-text.js';
import { ResumableStreams } from './resumable-streams.js';

/** A running AI SDK route. */
export interface AiSdkServer {
  /** `POST` here: the chat route (`streamText(...).toUIMessageStreamResponse()`). */
  readonly url: string;
  /**
   * Base of the other routes: `/html`, `/json`, `/cut` (the chat route, cut after its first text), `/data` (with a
   * data part), `/resumable` (the chat route keeping its answers for `GET /resumable/<chat id>/stream`).
   */
  readonly origin: string;
  /** The answers `/resumable` keeps while they go on, and the resume requests it answered. */
  readonly streams: ResumableStreams;
  /** Bodies the chat routes received. */
  readonly bodies: Array<{ id: string; messages: UIMessage[] }>;
  /** Request headers of the chat routes, in the same order. */
  readonly headers: IncomingMessage['headers'][];
  /** Ids of the items `delete_item` (a `needsApproval` tool) really deleted. */
  readonly deleted: string[];
  close(): Promise<void>;
}

/**
 * A Node server built as AI SDK users build a chat route: `streamText` with `@ai-sdk/openai-compatible` pointed at
 * the scripted model server, three tools (`lookup` runs on the server, `page_color` has no `execute` so the
 * client runs it, `delete_item` needs approval), answered with the UI message stream. CORS is open.
 */
export async function startAiSdkServer(modelBaseURL: string): Promise<AiSdkServer> {
  const provider = createOpenAICompatible({ name: 'scripted', baseURL: modelBaseURL, apiKey: 'scripted' });
  const bodies: AiSdkServer['bodies'] = [];
  const headers: AiSdkServer['headers'] = [];
  const deleted: string[] = [];
  const streams = new ResumableStreams();
  const tools = {
    lookup: tool({
      description: 'Looks up an order by id.',
      inputSchema: jsonSchema<{ id: string }>({
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      }),
      execute: async ({ id }) => ({ id, status: 'shipped' }),
    }),
    page_color: tool({
      description: "Reads the page's theme color.",
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
    }),
    delete_item: tool({
      description: 'Deletes an item.',
      inputSchema: jsonSchema<{ id: string }>({
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      }),
      needsApproval: true,
      execute: async ({ id }) => {
        deleted.push(id);
        return { deleted: id };
      },
    }),
  };

  const chat = async (
    req: IncomingMessage,
    res: ServerResponse,
    mode: 'plain' | 'cut' | 'data' | 'resumable',
  ) => {
    const cut = mode === 'cut';
    const body = JSON.parse(await requestText(req)) as { id: string; messages: UIMessage[] };
    bodies.push(body);
    headers.push(req.headers);
    const result = streamText({
      model: provider.chatModel('scripted'),
      messages: await convertToModelMessages(body.messages, { tools }),
      tools,
      stopWhen: stepCountIs(5),
      maxRetries: 0,
    });
    // `data`: a data part written beside the model's stream, as a route with createUIMessageStream does.
    const response =
      mode === 'data'
        ? createUIMessageStreamResponse({
            stream: createUIMessageStream({
              originalMessages: body.messages,
              execute: ({ writer }) => {
                writer.write({ type: 'data-weather', id: 'w1', data: { city: 'Paris', celsius: 18 } });
                writer.merge(result.toUIMessageStream({ sendReasoning: true }));
              },
            }),
          })
        : result.toUIMessageStreamResponse({
            originalMessages: body.messages,
            sendReasoning: true,
            // As the AI SDK's resume docs do (with Redis there): a copy of the answer's SSE, kept by chat id.
            ...(mode === 'resumable'
              ? { consumeSseStream: ({ stream }) => streams.keep(body.id, stream) }
              : {}),
          });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A client gone (a reload) leaves the answer going on: the resumable route keeps it for a resume.
      if (!res.destroyed) res.write(value);
      if (cut && new TextDecoder().decode(value).includes('"text-delta"')) {
        res.destroy();
        await reader.cancel();
        return;
      }
    }
    res.end();
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // `/nocors`: the chat route of a backend that does not allow other origins.
    if (path !== '/nocors') {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', '*');
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    try {
      if (path === '/api/chat') return await chat(req, res, 'plain');
      if (path === '/cut') return await chat(req, res, 'cut');
      if (path === '/data') return await chat(req, res, 'data');
      if (path === '/resumable' && req.method === 'POST') return await chat(req, res, 'resumable');
      const resume = /^\/resumable\/([^/]+)\/stream$/.exec(path);
      if (resume && req.method === 'GET') return streams.serve(decodeURIComponent(resume[1]!), res);
      if (path === '/nocors') return await chat(req, res, 'plain');
      if (path === '/html')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
      if (path === '/json')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      if (path === '/ag-ui-stream')
        return void res
          .writeHead(200, { 'content-type': 'text/event-stream' })
          .end('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n');
      if (path === '/down') return void res.writeHead(503).end('maintenance');
      res.writeHead(404).end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    }
  });
  const { origin, close } = await listenLocal(server);
  return { url: `${origin}/api/chat`, origin, streams, bodies, headers, deleted, close };
}
