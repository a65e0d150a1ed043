import { crc32 } from './kernel/crc32.js';
import { IndexCorruptError } from './rag-errors.js';

// Binary layout of a flatIndex snapshot (little endian): a 32-byte header, then the ids as a UTF-8
// JSON array, padding to an even offset, then count × dims float16 values. The int8 rows are not
// stored: they are re-derived on load, which keeps the snapshot at ~2 bytes per dimension.
const MAGIC = 0x49564341; // "ACVI"
const VERSION = 1;
const HEADER = 32;

/** What a snapshot holds. */
export interface FlatSnapshot {
  dimensions: number;
  ids: string[];
  /** count × dimensions float16 bit patterns. */
  halves: Uint16Array;
}

/** Encodes a snapshot with a CRC-32 over everything after the header. */
export function encodeFlatSnapshot({ dimensions, ids, halves }: FlatSnapshot): ArrayBuffer {
  const idBytes = new TextEncoder().encode(JSON.stringify(ids));
  const vectorsAt = HEADER + idBytes.length + (idBytes.length % 2);
  const buffer = new ArrayBuffer(vectorsAt + halves.length * 2);
  const bytes = new Uint8Array(buffer);
  bytes.set(idBytes, HEADER);
  new Uint16Array(buffer, vectorsAt, halves.length).set(halves);
  const view = new DataView(buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint16(4, VERSION, true);
  view.setUint32(8, dimensions, true);
  view.setUint32(12, ids.length, true);
  view.setUint32(16, idBytes.length, true);
  view.setUint32(20, crc32(bytes.subarray(HEADER)), true);
  view.setUint32(24, buffer.byteLength, true);
  return buffer;
}

/** Decodes and verifies a snapshot; throws {@link IndexCorruptError} on any inconsistency. */
export function decodeFlatSnapshot(buffer: ArrayBuffer, expectedDimensions: number): FlatSnapshot {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < HEADER)
    throw new IndexCorruptError('shorter than its header');
  const view = new DataView(buffer);
  if (view.getUint32(0, true) !== MAGIC) throw new IndexCorruptError('not a flatIndex snapshot');
  if (view.getUint16(4, true) !== VERSION)
    throw new IndexCorruptError(`unknown version ${view.getUint16(4, true)}`);
  const dimensions = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const idLength = view.getUint32(16, true);
  if (dimensions !== expectedDimensions)
    throw new IndexCorruptError(`it has ${dimensions} dimensions, the index ${expectedDimensions}`);
  const vectorsAt = HEADER + idLength + (idLength % 2);
  if (
    view.getUint32(24, true) !== buffer.byteLength ||
    vectorsAt + count * dimensions * 2 !== buffer.byteLength
  )
    throw new IndexCorruptError('truncated or padded');
  if (crc32(new Uint8Array(buffer, HEADER)) !== view.getUint32(20, true))
    throw new IndexCorruptError('checksum mismatch');
  let ids: unknown;
  try {
    ids = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, HEADER, idLength)));
  } catch (error) {
    throw new IndexCorruptError('unreadable ids', error);
  }
  if (!Array.isArray(ids) || ids.length !== count || ids.some((id) => typeof id !== 'string'))
    throw new IndexCorruptError('ids do not match the vector count');
  return { dimensions, ids, halves: new Uint16Array(buffer, vectorsAt, count * dimensions) };
}
