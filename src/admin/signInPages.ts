/**
 * The posts of the pages that start a session: the sign-in form (/admin/sign-in), its code step
 * when the account's TOTP is on, and a one-time link's form (/admin/invite/<token>). Each is done
 * by ./accounts.ts or ./totp.ts (throttled, audited, the session new and every other one ended
 * where it says so); the page answers a success with 303 and the session cookie (sign-in: to the
 * page asked for; a link: to the inbox), a refusal with the form again, its status and message,
 * the email as typed (never a password or a code).
 */
import { adminMessages } from "./messages.ts";
import { redeemLink, signIn } from "./accounts.ts";
import { pendingSignIn, signInWithCode } from "./totp.ts";
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
      /** The password was right and TOTP is on: the signed pending state the code form carries. */
      pending?: string;
      /** The code form's error, beside the code (or the recovery code, `recovery`). */
      codeError?: { message: string; recovery: boolean };
      /** Where to go instead: a link set the password of an account with TOTP, to sign in. */
      redirect?: string;
    };

interface SignInContext {
  store: AdminStore;
  throttle: SignInThrottle;
  client: string;
  userAgent: string | null;
  /** The key the pending state is signed with (IP_HASH_SALT) and the TOTP secrets sealed. */
  serverSecret: string;
}

/** Email and password (the form) to a session, or why not. */
export async function signInPageAction(
  ctx: SignInContext,
  form: FormData,
  now: Date = new Date(),
): Promise<SessionOutcome & { email: string; recoveryLeft?: number }> {
  const copy = adminMessages.signIn;
  if (form.has("pending")) return codeStepAction(ctx, form, now);
  const email = String(form.get("email") ?? "").slice(0, 254);
  const result = await signIn(
    ctx.store,
    ctx.throttle,
    {
      email,
      password: String(form.get("password") ?? ""),
      client: ctx.client,
      userAgent: ctx.userAgent,
    },
    now,
  );
  if (result.ok) return { session: result.session, email };
  if (result.problem === "second_factor") {
    // No session yet: the code form, carrying the signed pending state.
    return { status: 200, pending: pendingSignIn(result.staff.id, ctx.serverSecret, now), email };
  }
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

/**
 * The code step: the pending state and the code from the app (`code`) or a recovery code
 * (`recovery`) to a session, or why not. An expired or changed pending state is the password
 * form again.
 */
async function codeStepAction(
  ctx: SignInContext,
  form: FormData,
  now: Date,
): Promise<SessionOutcome & { email: string; recoveryLeft?: number }> {
  const copy = adminMessages.totp;
  const pending = String(form.get("pending") ?? "").slice(0, 400);
  // The address typed at the password step, carried to say whose code is asked (shown only).
  const email = String(form.get("email") ?? "").slice(0, 254);
  const recovery = form.has("recovery");
  const result = await signInWithCode(
    ctx.store,
    ctx.throttle,
    ctx.serverSecret,
    {
      pending,
      code: String(form.get(recovery ? "recovery" : "code") ?? ""),
      recovery,
      client: ctx.client,
      userAgent: ctx.userAgent,
    },
    now,
  );
  if (result.ok) {
    return {
      session: result.session,
      email: result.staff.email,
      ...(result.recoveryLeft !== undefined ? { recoveryLeft: result.recoveryLeft } : {}),
    };
  }
  if (result.problem === "expired") return { status: 401, alert: copy.signInExpired, email };
  if (result.problem === "throttled") {
    return {
      status: 429,
      retryAfterSeconds: result.retryAfterSeconds,
      alert: adminMessages.signIn.throttled(result.retryAfterSeconds),
      pending,
      email,
    };
  }
  const message =
    result.problem === "used" ? copy.signInUsed : recovery ? copy.recoveryWrong : copy.signInWrong;
  return { status: 401, pending, codeError: { message, recovery }, email };
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
  if (result.ok && result.session) return { session: result.session };
  if (result.ok) return { status: 303, redirect: "/admin/sign-in?password=set" };
  return {
    status: 422,
    ...(result.problem === "password" ? { passwordError: result.message } : {}),
  };
}
