/**
 * Staff passwords: at least 12 characters, not one of the most common passwords (zxcvbn-ts's list
 * of about 49,000), not the account's own email; hashed with argon2id (@node-rs/argon2, its
 * defaults: 19 MiB, 2 passes, OWASP's minimum for argon2id).
 */
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { adminMessages } from "./messages.ts";

export const MIN_PASSWORD_LENGTH = 12;
/** Longer input is refused before hashing (hashing cost grows with the input). */
export const MAX_PASSWORD_LENGTH = 256;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as unknown as string[]).map((p) => p.toLowerCase()),
  );
  return common;
}

/** What is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return adminMessages.passwordShort(MIN_PASSWORD_LENGTH);
  if (length > MAX_PASSWORD_LENGTH) return adminMessages.passwordLong(MAX_PASSWORD_LENGTH);
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return adminMessages.passwordCommon;
  const local = email.toLowerCase().split("@")[0] ?? "";
  if (lower === email.toLowerCase() || (local.length >= 4 && lower.includes(local))) {
    return adminMessages.passwordEmail;
  }
  return null;
}

export const hashPassword = (password: string): Promise<string> => hash(password);

/** A hash of nothing anyone knows: unknown accounts cost the same time as known ones. */
let dummy: Promise<string> | null = null;

/** True when `password` matches `passwordHash`; with no hash, spends the same time and is false. */
export async function checkPassword(
  password: string,
  passwordHash: string | null,
): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH * 4) return false;
  if (!passwordHash) {
    dummy ??= hash("no account has this password, it only costs time");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
