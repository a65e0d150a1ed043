import { DurableObject } from 'cloudflare:workers';
import { StreamLog } from './stream-log.js';

/** How long a stream is kept after its last byte (docs/adr/0011). */
export const KEEP_AFTER_END_MS = 5 * 60_000;
/** The longest a stream is kept from its first byte, ended or not. */
export const KEEP_AT_MOST_MS = 30 * 60_000;
/** Bytes kept per stream; a longer answer is resumable only up to here (its rest is not kept). */
export const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/** How an ingest ended: the upstream finished, was cut, or a client stopped the stream. */
export type IngestOutcome = 'complete' | 'cut' | 'stopped';

/** A resume read: the bytes from the asked position on, live, or why not. */
export type ReadAnswer =
  | { ok: true; body: ReadableStream<Uint8Array> }
  | { ok: false; reason: 'not_found' | 'forbidden' | 'bad_position' };

interface Meta {
  owner: string;
  createdAt: number;
  /** The upstream's body ended (complete or cut); no more bytes will come. */
  ended: boolean;
  complete: boolean;
}

/**
 * One forwarded model stream, kept for a few minutes so the page that asked for it can read it again
 * from any byte (docs/adr/0011). The Worker feeds it off the request path (`ingest`, a tee of the
 * upstream body); a resume reads the kept bytes, then the live tail. Only the client that started it
 * (its key from auth) may read or stop it; `stop` tells the feeding Worker to close the upstream.
 */
export class StreamStore extends DurableObject {
  #meta: Meta | undefined;
  #log = new StreamLog(MAX_KEPT_BYTES);
  #stopped: (() => void) | undefined;
  #loaded: Promise<void>;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    this.#loaded = ctx.blockConcurrencyWhile(() => this.#load());
  }

  /** Keeps `body` (the store's branch of the upstream body) for `owner`; resolves when it ends or is stopped. */
  async ingest(owner: string, body: ReadableStream<Uint8Array>): Promise<IngestOutcome> {
    await this.#loaded;
    const now = Date.now();
    this.#meta = { owner, createdAt: now, ended: false, complete: false };
    void this.ctx.storage.put('meta', this.#meta);
    void this.ctx.storage.setAlarm(now + KEEP_AT_MOST_MS);
    const stop = new Promise<'stopped'>((resolve) => {
      this.#stopped = () => resolve('stopped');
    });
    const reader = body.getReader();
    let outcome: IngestOutcome = 'cut';
    try {
      for (;;) {
        const next = await Promise.race([reader.read(), stop]);
        if (next === 'stopped') {
          outcome = 'stopped';
          break;
        }
        if (next.done) {
          outcome = 'complete';
          break;
        }
        const index = this.#log.append(next.value);
        if (index !== undefined) void this.ctx.storage.put(chunkKey(index), next.value);
      }
    } catch {
      outcome = 'cut';
    }
    if (outcome === 'stopped') {
      await reader.cancel().catch(() => {});
      return outcome;
    }
    this.#end(outcome === 'complete');
    return outcome;
  }

  /** The kept bytes from `position` on, then the live tail, for `owner` only. */
  async read(owner: string, position: number): Promise<ReadAnswer> {
    await this.#loaded;
    const meta = this.#meta;
    if (meta === undefined) return { ok: false, reason: 'not_found' };
    if (meta.owner !== owner) return { ok: false, reason: 'forbidden' };
    if (!Number.isSafeInteger(position) || position < 0 || position > MAX_KEPT_BYTES)
      return { ok: false, reason: 'bad_position' };
    // A client may have read ahead of the store (its branch is not 25 ms away): wait for the store to catch up.
    const reached = await this.#log.reach(position);
    if (!reached) return { ok: false, reason: 'bad_position' };
    return { ok: true, body: this.#log.readFrom(position) };
  }

  /** Stops the stream for `owner`: the feeding Worker closes the upstream; the kept bytes are deleted. */
  async stop(owner: string): Promise<'stopped' | 'not_found' | 'forbidden'> {
    await this.#loaded;
    const meta = this.#meta;
    if (meta === undefined) return 'not_found';
    if (meta.owner !== owner) return 'forbidden';
    this.#stopped?.();
    await this.#forget();
    return 'stopped';
  }

  /** Whether the stream ended complete, for tests and operators (undefined: not kept). */
  state(): { ended: boolean; complete: boolean; bytes: number } | undefined {
    const meta = this.#meta;
    return meta && { ended: meta.ended, complete: meta.complete, bytes: this.#log.length };
  }

  override async alarm(): Promise<void> {
    await this.#forget();
  }

  #end(complete: boolean): void {
    if (this.#meta === undefined) return;
    this.#meta = { ...this.#meta, ended: true, complete };
    this.#log.end();
    void this.ctx.storage.put('meta', this.#meta);
    void this.ctx.storage.setAlarm(Date.now() + KEEP_AFTER_END_MS);
  }

  async #forget(): Promise<void> {
    this.#meta = undefined;
    this.#log.end();
    this.#log = new StreamLog(MAX_KEPT_BYTES);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  // After an eviction: the kept bytes come back from storage; a stream that was still coming in when
  // the object went away will get no more bytes (its feeding Worker is gone), so it reads as cut.
  async #load(): Promise<void> {
    const meta = await this.ctx.storage.get<Meta>('meta');
    if (meta === undefined) return;
    const chunks = await this.ctx.storage.list<Uint8Array>({ prefix: 'c:' });
    for (const chunk of chunks.values()) this.#log.append(chunk);
    this.#log.end();
    this.#meta = meta.ended ? meta : { ...meta, ended: true, complete: false };
  }
}

function chunkKey(index: number): string {
  return `c:${String(index).padStart(8, '0')}`;
}
