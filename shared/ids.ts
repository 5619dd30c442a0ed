import { randomFillSync } from "node:crypto";

let lastMs = 0;
let seq = 0;

/** Random bytes drawn 4 KiB at a time: one system call per 512 ids instead of one per id. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * A UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then a 12-bit counter that keeps ids minted
 * in the same millisecond by this process in order, then random bits. Sorting by id therefore
 * sorts by creation time, which gives lists a stable newest-first order.
 */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    seq += 1;
    if (seq > 0xfff) {
      lastMs += 1;
      seq = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    seq = 0;
  }
  if (poolOffset + 8 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += 8;
  const b = (i: number) => HEX[pool[r + i]!]!;
  const hi = Math.floor(ms / 2 ** 16);
  const lo = ms % 2 ** 16;
  const time = hi.toString(16).padStart(8, "0") + "-" + lo.toString(16).padStart(4, "0");
  const version = (0x7000 | seq).toString(16);
  const variant = HEX[0x80 | (pool[r]! & 0x3f)]! + b(1);
  return `${time}-${version}-${variant}-${b(2)}${b(3)}${b(4)}${b(5)}${b(6)}${b(7)}`;
}

/** The Unix milliseconds a UUIDv7 was minted at (its first 48 bits); undefined for any other id. */
export function idTime(id: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
