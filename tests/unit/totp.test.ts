/**
 * The authenticator app's rules (src/admin/totp.ts), without a server: the tests' own TOTP
 * generator against RFC 6238's test values; a code accepted within one 30-second step either
 * side of now and refused beyond; a code accepted once (its step must be later than the last
 * accepted), and an older code never after a newer; the secret at rest (encrypted, bound to its
 * account and key); recovery codes; the signed pending sign-in.
 */
import { describe, expect, it } from "vitest";
import {
  checkCode,
  groupedKey,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  openSecret,
  otpauthUri,
  PENDING_MS,
  pendingAccount,
  pendingSignIn,
  qrSvg,
  sealSecret,
  stepAt,
} from "../../src/admin/totp";
import { totpCode, totpFromBytes } from "../support/totp";

const SALT = "unit-test-server-secret-0123456789";

describe("the tests' TOTP generator", () => {
  it("gives RFC 6238's SHA-1 test values (Appendix B)", () => {
    const secret = Buffer.from("12345678901234567890", "ascii");
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpFromBytes(secret, seconds * 1000, 8)).toBe(code);
    }
  });
});

describe("a code from the app", () => {
  const secret = newTotpSecret();
  // The middle of a step, so one step either way is 30 s away.
  const now = (stepAt(Date.now()) * 30 + 15) * 1000;
  const step = stepAt(now);

  it("is accepted within one step either side of now, and refused beyond", () => {
    expect(checkCode(secret, totpCode(secret, now), 0, now)).toEqual({ step });
    expect(checkCode(secret, totpCode(secret, now - 30_000), 0, now)).toEqual({ step: step - 1 });
    expect(checkCode(secret, totpCode(secret, now + 30_000), 0, now)).toEqual({ step: step + 1 });
    expect(checkCode(secret, totpCode(secret, now - 60_000), 0, now)).toBeNull();
    expect(checkCode(secret, totpCode(secret, now + 60_000), 0, now)).toBeNull();
  });

  it("is taken with spaces, and anything but six digits is refused", () => {
    const code = totpCode(secret, now);
    expect(checkCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, 0, now)).toEqual({ step });
    expect(checkCode(secret, code.slice(1), 0, now)).toBeNull();
    expect(checkCode(secret, `${code}0`, 0, now)).toBeNull();
    expect(checkCode(secret, "abcdef", 0, now)).toBeNull();
    expect(checkCode(newTotpSecret(), code, 0, now)).toBeNull();
  });

  it("works once: the same code again, or an older one after a newer, is refused as used", () => {
    const code = totpCode(secret, now);
    expect(checkCode(secret, code, step, now)).toEqual({ used: true });
    // The next step's code was used: the current one (earlier) no longer works.
    expect(checkCode(secret, code, step + 1, now)).toEqual({ used: true });
    expect(checkCode(secret, totpCode(secret, now + 30_000), step, now)).toEqual({
      step: step + 1,
    });
  });
});

describe("the secret at rest", () => {
  it("is encrypted, bound to its account and to the server's key", () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, "staff-1", SALT);
    expect(sealed).not.toContain(secret);
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(openSecret(sealed, "staff-1", SALT)).toBe(secret);
    expect(openSecret(sealed, "staff-2", SALT)).toBeNull();
    expect(openSecret(sealed, "staff-1", `${SALT}x`)).toBeNull();
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = `${body![0] === "A" ? "B" : "A"}${body!.slice(1)}`;
    expect(openSecret([v, iv, flipped, tag].join("."), "staff-1", SALT)).toBeNull();
    expect(openSecret("not sealed", "staff-1", SALT)).toBeNull();
    // Two seals of one secret differ (a new IV each time).
    expect(sealSecret(secret, "staff-1", SALT)).not.toBe(sealed);
  });

  it("is shown as an otpauth:// URI, a QR code drawn as SVG, and a key grouped by four", async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = otpauthUri(secret, "sam@example.test");
    const url = new URL(uri);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(url.pathname)).toContain("sam@example.test");
    const svg = await qrSvg(uri);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
    expect(groupedKey(secret).split(" ")).toHaveLength(8);
  });
});

describe("recovery codes", () => {
  it("are ten, different, xxxxx-xxxxx, and typed in any case or spacing", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [code] = codes;
    const plain = code!.replace("-", "");
    expect(normaliseRecoveryCode(code!)).toBe(plain);
    expect(normaliseRecoveryCode(` ${code!.toUpperCase().replace("-", " ")} `)).toBe(plain);
    expect(normaliseRecoveryCode("123456")).toBeNull();
    expect(normaliseRecoveryCode("abcde-fghi1")).toBeNull();
  });
});

describe("the pending sign-in", () => {
  it("names the account for five minutes, and only as signed", () => {
    const t0 = new Date("2026-11-28T12:00:00Z");
    const token = pendingSignIn("staff-9", SALT, t0);
    expect(pendingAccount(token, SALT, t0)).toBe("staff-9");
    expect(pendingAccount(token, SALT, new Date(t0.getTime() + PENDING_MS - 1))).toBe("staff-9");
    expect(pendingAccount(token, SALT, new Date(t0.getTime() + PENDING_MS))).toBeNull();
    expect(pendingAccount(token, `${SALT}x`, t0)).toBeNull();
    const [body, mac] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), s: "owner-1" }),
    ).toString("base64url");
    expect(pendingAccount(`${forged}.${mac}`, SALT, t0)).toBeNull();
  });
});
