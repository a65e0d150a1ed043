// IEEE 754 half precision, used for the re-ranking copy of each vector: half the bytes of float32 and
// about 3 significant digits, enough to order the few candidates the int8 scan keeps.

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Rounds a float32 to the nearest float16 bit pattern (round to nearest even, with subnormals). */
export function toFloat16Bits(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  let mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - e;
    let half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const midpoint = 1 << (shift - 1);
    if (rest > midpoint || (rest === midpoint && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half++;
  return sign | half;
}

let table: Float32Array | undefined;

/** float16 bit pattern → number, through a 65 536-entry table built on first use (256 KB). */
export function float16Table(): Float32Array {
  if (table) return table;
  table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >>> 10) & 0x1f;
    const mantissa = h & 0x3ff;
    table[h] =
      exponent === 0
        ? sign * mantissa * 2 ** -24
        : exponent === 0x1f
          ? mantissa
            ? Number.NaN
            : sign * Number.POSITIVE_INFINITY
          : sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
  }
  return table;
}

type Float16ArrayConstructor = new (
  buffer: ArrayBufferLike,
  byteOffset: number,
  length: number,
) => {
  set(values: ArrayLike<number>): void;
};
const NativeFloat16 = (globalThis as { Float16Array?: Float16ArrayConstructor }).Float16Array;

/** Writes `values` as float16 into `out` at `offset`, natively where Float16Array exists (Chromium ≥ 135). */
export function writeFloat16(values: Float32Array, out: Uint16Array, offset: number): void {
  if (NativeFloat16) {
    new NativeFloat16(out.buffer, out.byteOffset + offset * 2, values.length).set(values);
    return;
  }
  for (let i = 0; i < values.length; i++) out[offset + i] = toFloat16Bits(values[i]!);
}
