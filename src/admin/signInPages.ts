/**
 * The posts of the pages that start a session: the sign-in form (/admin/sign-in) and a one-time
 * link's form (/admin/invite/<token>). Each is done by ./accounts.ts (throttled, audited, the
 * session new and every other one ended where it says so); the page answers a success with 303
 * and the session cookie (sign-in: to the page asked for; a link: to the inbox), a refusal with
 * the form again, its status and message, the email as typed (never a password).
 */
import { adminMessages } from "./messages.ts";
import { redeemLink, signIn } from "./accounts.ts";
import type { AdminStore } from "./store/types.ts";
import type { SignInThrottle } from "./throttle.ts";

export type SessionOutcome =
  | { session: string }
  | {
      session?: undefined;
      status: number;
      retryAfterSeconds?: number;
      /** Said above the form. */
      alert?: string;
      /** Said beside the new password, or beside its confirmation. */
      passwordError?: string;
      confirmError?: string;
    };

/** Email and password (the form) to a session, or why not. */
export async function signInPageAction(
  ctx: { store: AdminStore; throttle: SignInThrottle; client: string; userAgent: string | null },
  form: FormData,
): Promise<SessionOutcome & { email: string }> {
  const copy = adminMessages.signIn;
  const email = String(form.get("email") ?? "").slice(0, 254);
  const result = await signIn(ctx.store, ctx.throttle, {
    email,
    password: String(form.get("password") ?? ""),
    client: ctx.client,
    userAgent: ctx.userAgent,
  });
  if (result.ok) return { session: result.session, email };
  if (result.problem === "throttled") {
    return {
      status: 429,
      retryAfterSeconds: result.retryAfterSeconds,
      alert: copy.throttled(result.retryAfterSeconds),
      email,
    };
  }
  return { status: 401, alert: copy.wrong, email };
}

/** A one-time link's new password (twice, the same) to a session, or why not. */
export async function invitePageAction(
  ctx: { store: AdminStore; token: string; userAgent: string | null },
  form: FormData,
): Promise<SessionOutcome> {
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("confirm") ?? "")) {
    return { status: 422, confirmError: adminMessages.invite.mismatch };
  }
  const result = await redeemLink(ctx.store, {
    token: ctx.token,
    password,
    userAgent: ctx.userAgent,
  });
  if (result.ok) return { session: result.session };
  return {
    status: 422,
    ...(result.problem === "password" ? { passwordError: result.message } : {}),
  };
}
