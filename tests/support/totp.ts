/**
 * A TOTP generator of the tests' own (RFC 6238 over node:crypto's HMAC-SHA1, RFC 4226's dynamic
 * truncation), independent of the library the server uses (otpauth): what an authenticator app
 * on a phone computes from the key the account page shows. tests/unit/totp.test.ts checks it
 * against RFC 6238's own test values.
 */
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The bytes of a base32 key as typed (spaces and padding ignored, any case). */
export function base32Bytes(key: string): Buffer {
  const clean = key.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of clean) {
    const i = BASE32.indexOf(c);
    if (i < 0) throw new Error(`not base32: ${c}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of `secret` for the 30-second step of `at` (ms), `digits` long. */
export function totpFromBytes(secret: Buffer, at: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** What an authenticator app shows for the key `base32` at `at` (ms, default now). */
export const totpCode = (base32: string, at: number = Date.now()): string =>
  totpFromBytes(base32Bytes(base32), at);
