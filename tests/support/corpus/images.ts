/**
 * Image files for the accuracy corpus, as real bytes: a PNG whose pixels decode (one colour,
 * deflated rows) and a JPEG whose header states its intrinsic size (SOI, JFIF, SOF0, EOI),
 * each padded to the weight a site needs with a private chunk (PNG) or comment segments (JPEG),
 * so a reader that measures bytes or reads the header sees what a real photo would show.
 * Plain Node (type stripping): usable from Vitest and from bench/check-accuracy.mjs.
 */
import { crc32, deflateSync } from "node:zlib";

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** A PNG of `width`×`height` in one colour, padded to about `bytes` (never less than it needs). */
export function png(width: number, height: number, bytes = 0, rgb = [46, 125, 50]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw)),
  ]);
  const end = pngChunk("IEND", Buffer.alloc(0));
  const pad = bytes - head.length - end.length - 12;
  // "paDd": ancillary, private, safe to copy; decoders skip it.
  const padding = pad > 0 ? pngChunk("paDd", Buffer.alloc(pad, 0x20)) : Buffer.alloc(0);
  return Buffer.concat([head, padding, end]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/**
 * A baseline JPEG header of `width`×`height` (what image-size readers and browsers' layout read)
 * padded with comment segments to `bytes`. The pixels are not encoded: a stand-in for a photo's
 * weight and size, not for its picture.
 */
export function jpeg(width: number, height: number, bytes = 0): Buffer {
  const jfif = jpegSegment(
    0xe0,
    Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 72, 0, 72, 0, 0]),
  );
  const sofData = Buffer.alloc(15);
  sofData.writeUInt8(8, 0);
  sofData.writeUInt16BE(height, 1);
  sofData.writeUInt16BE(width, 3);
  sofData.writeUInt8(3, 5);
  sofData.set([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 6);
  const sof = jpegSegment(0xc0, sofData);
  const soi = Buffer.from([0xff, 0xd8]);
  const eoi = Buffer.from([0xff, 0xd9]);
  const parts = [soi, jfif, sof];
  let left = bytes - soi.length - jfif.length - sof.length - eoi.length;
  while (left > 4) {
    const size = Math.min(left - 4, 65533);
    parts.push(jpegSegment(0xfe, Buffer.alloc(size, 0x20)));
    left -= size + 4;
  }
  parts.push(eoi);
  return Buffer.concat(parts);
}

/** The intrinsic size a header states (for the corpus's own tests of these files). */
export function imageSize(file: Buffer): { width: number; height: number } | null {
  if (file.subarray(1, 4).toString("latin1") === "PNG")
    return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
  if (file[0] !== 0xff || file[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < file.length) {
    const marker = file[at + 1]!;
    if (marker === 0xc0 || marker === 0xc2)
      return { height: file.readUInt16BE(at + 5), width: file.readUInt16BE(at + 7) };
    at += 2 + file.readUInt16BE(at + 2);
  }
  return null;
}
