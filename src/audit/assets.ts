/**
 * What the check learns of a page's images, stylesheets and scripts without running anything:
 * their size on the wire (Content-Length, else the bytes counted) and, for images, the size in
 * pixels read from the first bytes of the file (PNG, GIF, JPEG, WebP headers). Pure functions.
 */

/** One same-site image, stylesheet or script asked for, as the checks read it. */
export interface AssetInfo {
  url: string;
  kind: "image" | "stylesheet" | "script";
  /** 0: no answer. */
  status: number;
  /** Bytes a browser downloads (Content-Length, else counted; at least this when `cut`). */
  bytes: number;
  /** The count stopped at the byte budget: the file is at least `bytes`. */
  cut: boolean;
  /** Pixel size from the image's header, when it could be read. */
  width?: number;
  height?: number;
}

const u16be = (b: Buffer, at: number) => b.readUInt16BE(at);
const u16le = (b: Buffer, at: number) => b.readUInt16LE(at);
const u24le = (b: Buffer, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** JPEG start-of-frame markers (C0-CF but C4, C8 and CC, which are not frames). */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * The pixel size an image file declares in its first bytes, or null when the format is not
 * known or the header is not among the bytes given. Reads at most `bytes.length` (linear).
 */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  const b = bytes;
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString("latin1", 12, 16) === "IHDR")
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (
    b.length >= 10 &&
    (b.toString("latin1", 0, 6) === "GIF87a" || b.toString("latin1", 0, 6) === "GIF89a")
  )
    return { width: u16le(b, 6), height: u16le(b, 8) };
  if (
    b.length >= 30 &&
    b.toString("latin1", 0, 4) === "RIFF" &&
    b.toString("latin1", 8, 12) === "WEBP"
  ) {
    const chunk = b.toString("latin1", 12, 16);
    if (chunk === "VP8 " && b.length >= 30)
      return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (chunk === "VP8L" && b.length >= 25) {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1]!;
      if (marker === 0xff) {
        at++;
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      if (isSof(marker)) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
      at += 2 + u16be(b, at + 2);
    }
    return null;
  }
  return null;
}

/** "2.4 MB" / "310 KB": bytes as an owner reads them. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
