import { randomBytes } from "node:crypto";

/** The last id made and its millisecond: ids made within one millisecond count up from it. */
let last: { ms: number; bytes: Buffer } | undefined;

/**
 * A new id: a UUID version 7 (RFC 9562), so ids sort by creation time and never collide between
 * servers. The process's one id maker: leads, staff, timeline and audit entries, checks.
 */
export function newLeadId(now: number = Date.now()): string {
  let bytes = randomBytes(16);
  if (last && last.ms === now) {
    // The same millisecond: the previous id's random part plus one (RFC 9562's monotonic
    // random), so events written one after another sort in the order they were written.
    const next = Buffer.from(last.bytes);
    let i = 15;
    while (i > 8 && next[i] === 0xff) next[i--] = 0;
    if (i > 8) {
      next[i] = (next[i] ?? 0) + 1;
      bytes = next;
    }
  }
  const ms = BigInt(now);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  last = { ms: now, bytes };
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
