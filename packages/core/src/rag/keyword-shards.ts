// The saved form of the in-browser keyword index: MiniSearch's index as built, split into a small root
// (chunk ids, field lengths, averages) and term shards (postings as varints), so a return visit reads the
// root only and a query reads the shards of its terms. Terms are sharded as the built knowledge index's are
// (`shardOf`, FNV-1a), and scores follow MiniSearch's BM25 exactly, so a query answers as a rebuilt index.
import type MiniSearch from 'minisearch';
import { shardOf } from './built/knowledge-index-format.js';
import { crc32 } from './kernel/crc32.js';
import type { KeywordRoot, StoredKeywordShard } from './rag-store.js';

/** MiniSearch's serialised index (`toJSON()`), as `loadJS` reads it. */
export type MiniSearchJS = ReturnType<MiniSearch['toJSON']>;

/** A shard's terms and postings, decoded enough to look a term up. */
export interface KeywordShard {
  /** Term → where its postings start in `postings`. */
  starts: Map<string, number>;
  postings: Uint8Array;
}

/** Postings per shard the shard count aims at (about 20 KB of varints). */
const SHARD_POSTINGS = 8192;

/** MiniSearch's index split into a root and shards (without names: the saver adds them). */
export function splitIndex(js: MiniSearchJS): {
  root: KeywordRoot;
  shards: Omit<StoredKeywordShard, 'name' | 'savedAt'>[];
} {
  const fields = Object.keys(js.fieldIds).length;
  const shortIds = Object.keys(js.documentIds)
    .map(Number)
    .sort((a, b) => a - b);
  const fieldLength = new Uint32Array(shortIds.length * fields);
  for (const [row, shortId] of shortIds.entries())
    for (let f = 0; f < fields; f++) fieldLength[row * fields + f] = js.fieldLength[shortId]?.[f] ?? 0;
  let total = 0;
  for (const [, byField] of js.index)
    for (const postings of Object.values(byField)) total += Object.keys(postings).length;
  let count = 1;
  while (total / count > SHARD_POSTINGS) count *= 2;
  const terms: [string, MiniSearchJS['index'][number][1]][][] = Array.from({ length: count }, () => []);
  for (const entry of js.index) terms[shardOf(entry[0], count)]!.push(entry);
  return {
    root: {
      documentCount: js.documentCount,
      nextId: js.nextId,
      fieldIds: js.fieldIds,
      averageFieldLength: js.averageFieldLength,
      shortIds: Uint32Array.from(shortIds),
      ...packIds(shortIds.map((s) => String(js.documentIds[s]))),
      fieldLength,
    },
    shards: terms.map(encodeShard),
  };
}

/** Chunk ids as prefixes and numbers (`document:a.md#3` → `document:a.md`, 3): a tenth of the characters. */
function packIds(ids: readonly string[]): Pick<KeywordRoot, 'idPrefixes' | 'idPrefix' | 'idNumber'> {
  const prefixes = new Map<string, number>();
  const idPrefix = new Uint32Array(ids.length);
  const idNumber = new Int32Array(ids.length).fill(-1);
  for (const [row, id] of ids.entries()) {
    const match = /^(.*)#(0|[1-9]\d{0,8})$/s.exec(id);
    const prefix = match ? match[1]! : id;
    if (match) idNumber[row] = Number(match[2]);
    if (!prefixes.has(prefix)) prefixes.set(prefix, prefixes.size);
    idPrefix[row] = prefixes.get(prefix)!;
  }
  return { idPrefixes: [...prefixes.keys()], idPrefix, idNumber };
}

/** The chunk id of a root's row. */
export function rootId(root: KeywordRoot, row: number): string {
  const prefix = root.idPrefixes[root.idPrefix[row]!]!;
  const n = root.idNumber[row]!;
  return n < 0 ? prefix : `${prefix}#${n}`;
}

function encodeShard(entries: [string, Record<string, Record<string, number>>][]) {
  const out = new VarintWriter();
  const offsets = new Uint32Array(entries.length);
  for (const [i, [, byField]] of entries.entries()) {
    offsets[i] = out.length;
    const fields = Object.entries(byField);
    out.write(fields.length);
    for (const [fieldId, postings] of fields) {
      const ids = Object.keys(postings).map(Number);
      ids.sort((a, b) => a - b);
      out.write(Number(fieldId));
      out.write(ids.length);
      let previous = 0;
      for (const id of ids) {
        out.write(id - previous);
        out.write(postings[id]!);
        previous = id;
      }
    }
  }
  return { terms: entries.map(([term]) => term), offsets, postings: out.bytes() };
}

/** A shard's checksum: CRC-32 of its postings and of its terms. */
export function shardChecksum(shard: Pick<StoredKeywordShard, 'terms' | 'postings'>): number {
  return (crc32(shard.postings) ^ crc32(new TextEncoder().encode(shard.terms.join('\n')))) >>> 0;
}

/** A stored shard ready for lookups; throws when it does not hold what `checksum` says. */
export function openShard(stored: StoredKeywordShard, checksum: number): KeywordShard {
  if (shardChecksum(stored) !== checksum || stored.offsets.length !== stored.terms.length)
    throw new Error('its checksum does not match');
  const starts = new Map<string, number>();
  for (const [i, term] of stored.terms.entries()) starts.set(term, stored.offsets[i]!);
  return { starts, postings: stored.postings };
}

/** Calls `each(fieldId, shortId, tf, count)` for a term's postings, field by field. */
export function readPostings(
  shard: KeywordShard,
  term: string,
  each: (fieldId: number, count: number) => (shortId: number, tf: number) => void,
): void {
  const start = shard.starts.get(term);
  if (start === undefined) return;
  const reader = new VarintReader(shard.postings, start);
  const fields = reader.read();
  for (let f = 0; f < fields; f++) {
    const fieldId = reader.read();
    const count = reader.read();
    const posting = each(fieldId, count);
    let id = 0;
    for (let i = 0; i < count; i++) {
      id += reader.read();
      posting(id, reader.read());
    }
  }
}

/** MiniSearch's serialised index again, from the root and every shard (missing shards left out). */
export function joinIndex(root: KeywordRoot, shards: readonly (KeywordShard | undefined)[]): MiniSearchJS {
  const fields = Object.keys(root.fieldIds).length;
  const documentIds: Record<string, string> = {};
  const fieldLength: Record<string, number[]> = {};
  for (const [row, shortId] of root.shortIds.entries()) {
    documentIds[shortId] = rootId(root, row);
    fieldLength[shortId] = Array.from(root.fieldLength.subarray(row * fields, (row + 1) * fields));
  }
  const index: MiniSearchJS['index'] = [];
  for (const shard of shards) {
    if (!shard) continue;
    for (const term of shard.starts.keys()) {
      const byField: Record<string, Record<string, number>> = {};
      readPostings(shard, term, (fieldId) => {
        const postings: Record<string, number> = {};
        byField[fieldId] = postings;
        return (shortId, tf) => {
          postings[shortId] = tf;
        };
      });
      index.push([term, byField]);
    }
  }
  return {
    documentCount: root.documentCount,
    nextId: root.nextId,
    documentIds,
    fieldIds: root.fieldIds,
    fieldLength,
    averageFieldLength: root.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}

class VarintWriter {
  private buffer = new Uint8Array(1024);
  length = 0;
  write(value: number): void {
    if (this.length + 5 > this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    let v = value;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buffer[this.length++] = v;
  }
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

class VarintReader {
  constructor(
    private readonly bytes: Uint8Array,
    private at: number,
  ) {}
  read(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = this.bytes[this.at++];
      if (byte === undefined) throw new Error('its postings end early');
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
}
