import type { ServerResponse } from 'node:http';

/** One chat's answer in flight: the SSE text sent so far, and who follows the rest. */
interface KeptStream {
  events: string[];
  done: boolean;
  followers: Set<(event: string | undefined) => void>;
}

/**
 * The backend half of the AI SDK's resumable streams ("Chatbot Resume Streams"), kept in memory instead of
 * Redis: each chat answer's SSE copy (`consumeSseStream` of `toUIMessageStreamResponse`) is kept by chat id
 * while it goes on, and `GET <route>/<chat id>/stream` gets it from its start and then its live tail; a chat
 * with no answer in flight (none, finished, or forgotten) gets 204, as the docs' route answers.
 */
export class ResumableStreams {
  readonly #streams = new Map<string, KeptStream>();
  /** Resume requests answered, by chat id, with their status. */
  readonly resumes: Array<{ chatId: string; status: 200 | 204 }> = [];

  /** Keeps `stream` (the SSE copy) as the answer in flight of `chatId`, in place of an earlier one. */
  keep(chatId: string, stream: ReadableStream<string>): void {
    const kept: KeptStream = { events: [], done: false, followers: new Set() };
    this.#streams.set(chatId, kept);
    void (async () => {
      const reader = stream.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          kept.events.push(value);
          for (const follow of kept.followers) follow(value);
        }
      } catch {
        // The answer failed (its model stream cut): it ends here for its followers too.
      } finally {
        kept.done = true;
        for (const follow of kept.followers) follow(undefined);
        // Finished: as the docs' route clears the chat's active stream id, a later resume gets 204.
        if (this.#streams.get(chatId) === kept) this.#streams.delete(chatId);
      }
    })();
  }

  /** Forgets every kept answer (as if the store expired them): resumes get 204 from now on. */
  forget(): void {
    this.#streams.clear();
  }

  /** Answers `GET …/<chatId>/stream`: the kept answer from its start and its live tail, or 204. */
  serve(chatId: string, res: ServerResponse): void {
    const kept = this.#streams.get(chatId);
    if (!kept || kept.done) {
      this.resumes.push({ chatId, status: 204 });
      res.writeHead(204).end();
      return;
    }
    this.resumes.push({ chatId, status: 200 });
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-vercel-ai-ui-message-stream': 'v1',
    });
    for (const event of kept.events) res.write(event);
    const follow = (event: string | undefined) => {
      if (event === undefined) {
        kept.followers.delete(follow);
        res.end();
      } else if (!res.destroyed) res.write(event);
    };
    kept.followers.add(follow);
    res.on('close', () => kept.followers.delete(follow));
  }
}
