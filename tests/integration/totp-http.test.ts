/**
 * The authenticator app (TOTP, issue 39 §3) over HTTP on the real server, on SQLite, as plain
 * form posts (no JavaScript), with codes from the tests' own RFC 6238 generator
 * (tests/support/totp.ts) fed the key the account page shows: setting it up asks for a right
 * code and the password, shows a QR code and ten recovery codes once and ends the other
 * sessions; a right password then starts no session until the code is right; a code works once
 * (replay refused), a recovery code once (two parallel tries: one wins); wrong codes are
 * throttled like passwords; turning it off asks for the password; an owner (and the command line)
 * can turn off someone's; a reset link does not skip it; and an owner may require "a passkey or
 * an authenticator app" once they have one of the two. The store's side on both databases:
 * totp-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, Role } from "../../src/admin/store/types";
import { issueLink } from "../../src/admin/accounts";
import { sealSecret, stepAt } from "../../src/admin/totp";
import { leadConfig } from "../../src/leads/config";
import { openStore } from "../../src/leads/store/index";
import { mintSession, STAFF_PASSWORD } from "../support/staffSession";
import { totpCode } from "../support/totp";
import { adminCli, serverStore, startServer, type RunningServer } from "./support";

const SALT = "totp-http-test-salt-0123456789abcdef";
const KEY = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("the authenticator app (sqlite)", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  const withStore = async <T>(work: (s: AdminStore) => Promise<T>) => {
    const leads = await openStore(leadConfig(env));
    try {
      return await work(adminStoreFor(leads));
    } finally {
      await leads.close();
    }
  };
  /** A signed-in session of `email` (made with STAFF_PASSWORD when new), as its cookie. */
  const session = async (email: string, role: Role = "staff") => {
    const leads = await openStore(leadConfig(env));
    try {
      return `gl_session=${await mintSession(leads, email, role)}`;
    } finally {
      await leads.close();
    }
  };
  const idOf = (email: string) =>
    withStore(async (s) => (await s.findStaffByEmail(email))!.staff.id);
  const get = (path: string, cookie = "") =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (path: string, fields: [string, string][], cookie = "") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const attr = (html: string, name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? null;
  /** The password step of the sign-in page: the code form's pending state. */
  const passwordStep = async (email: string) => {
    const res = await post("/admin/sign-in", [
      ["email", email],
      ["password", STAFF_PASSWORD],
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    const html = await res.text();
    expect(html).toContain("Enter your code");
    return attr(html, "pending")!;
  };
  const codeStep = (pending: string, field: "code" | "recovery", value: string) =>
    post("/admin/sign-in", [
      ["pending", pending],
      ["email", "shown only"],
      [field, value],
    ]);
  const cookieOf = (res: Response) =>
    /gl_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  /** Turns on an account's app through the store, as its setup would (the server's key). */
  const enableDirectly = async (email: string) => {
    const id = await idOf(email);
    await withStore(async (s) => {
      await s.startTotp({
        staffId: id,
        secret: sealSecret(KEY, id, SALT),
        at: new Date().toISOString(),
      });
      await s.enableTotp({ staffId: id, step: 1, at: new Date().toISOString(), codes: [] });
    });
  };

  beforeAll(async () => {
    const store = serverStore("sqlite", "totphttp");
    env = { ...store.env, IP_HASH_SALT: SALT };
    cleanup = store.cleanup;
    server = await startServer({ ...env, LOG_LEVEL: "warn", LEADS_RATE_LIMIT: "off" });
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  let key = "";
  let codes: string[] = [];
  let enabledStep = 0;

  it("is set up with a QR code, its key and a right code; recovery codes shown once", async () => {
    const sam = await session("sam@example.test");
    const elsewhere = await session("sam@example.test");
    const page = await (await get("/admin/account", sam)).text();
    expect(page).toContain("Set up an authenticator app");
    expect(page).not.toContain("data-totp-qr");

    const start = await post("/admin/account", [["change", "totp-start"]], sam);
    expect(start.status).toBe(303);
    expect(start.headers.get("location")).toBe("/admin/account?saved=totp-setup#totp");
    const setup = await (await get("/admin/account?saved=totp-setup", sam)).text();
    expect(setup).toMatch(/data-totp-qr[^>]*><svg [^>]*viewBox/);
    key = /data-totp-key[^>]*>([A-Z2-7 ]+)</.exec(setup)![1]!.replace(/ /g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    // Stored encrypted: the key is nowhere in the row.
    const row = await withStore(async (s) => s.totpOf(await idOf("sam@example.test")));
    expect(row?.enabledAt).toBeNull();
    expect(row?.secret).not.toContain(key);

    // A wrong code turns nothing on.
    const good = totpCode(key);
    const wrong = await post(
      "/admin/account",
      [
        ["change", "totp-enable"],
        ["code", good === "000000" ? "111111" : "000000"],
        ["current", STAFF_PASSWORD],
      ],
      sam,
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("That code is not right.");
    // Neither does a right code with a wrong password.
    const noPassword = await post(
      "/admin/account",
      [
        ["change", "totp-enable"],
        ["code", good],
        ["current", "not the password at all"],
      ],
      sam,
    );
    expect(noPassword.status).toBe(403);

    const now = Date.now();
    enabledStep = stepAt(now);
    const on = await post(
      "/admin/account",
      [
        ["change", "totp-enable"],
        ["code", totpCode(key, now)],
        ["current", STAFF_PASSWORD],
      ],
      sam,
    );
    expect(on.status).toBe(200);
    const html = await on.text();
    expect(html).toContain("The authenticator app is on");
    codes = [...html.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    // Shown once: the page afterwards says how many are left, not the codes.
    const after = await (await get("/admin/account", sam)).text();
    expect(after).toContain("10 of 10 recovery codes left.");
    expect(after).not.toContain(codes[0]!);
    // The account's other session ended; this one goes on.
    expect((await get("/admin", elsewhere)).status).toBe(303);
    expect((await get("/admin", sam)).status).toBe(200);
    const audit = await withStore((s) => s.listAudit({ action: "totp_enabled", limit: 5 }));
    expect(audit.map((e) => e.subject)).toEqual(["sam@example.test"]);
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it("asks for the code after a right password; a session only when it is right, once", async () => {
    const pending = await passwordStep("sam@example.test");
    // The code that turned it on has been used: refused as used.
    const replayed = await codeStep(pending, "code", totpCode(key, enabledStep * 30_000));
    expect(replayed.status).toBe(401);
    expect(cookieOf(replayed)).toBeUndefined();
    expect(await replayed.text()).toMatch(/That code was just used|That code is not right/);
    const wrong = await codeStep(pending, "code", "12345");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right.");

    // The next step's code (the app's next one): in.
    const next = totpCode(key, (enabledStep + 1) * 30_000);
    const right = await codeStep(pending, "code", next);
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/admin");
    expect((await get("/admin", cookieOf(right)!)).status).toBe(200);
    // The same code again, even with a fresh password step: refused.
    const again = await codeStep(await passwordStep("sam@example.test"), "code", next);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain("That code was just used.");
    // A changed pending state is the password form again.
    const forged = await codeStep(`${pending.slice(0, -2)}xx`, "code", next);
    expect(forged.status).toBe(401);
    expect(await forged.text()).toContain("That took too long. Please sign in again.");
    const [entry] = await withStore((s) => s.listAudit({ action: "sign_in", limit: 1 }));
    expect(entry?.detail).toEqual({ method: "password and authenticator app" });
  });

  it("takes a recovery code once: of two parallel tries one signs in", async () => {
    const pending = await passwordStep("sam@example.test");
    const code = codes[0]!.toUpperCase().replace("-", " ");
    const both = await Promise.all([
      codeStep(pending, "recovery", code),
      codeStep(pending, "recovery", code),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 401]);
    const won = both.find((r) => r.status === 303)!;
    expect(won.headers.get("location")).toBe("/admin/account?saved=recovery");
    const page = await (await get("/admin/account?saved=recovery", cookieOf(won)!)).text();
    expect(page).toContain("You signed in with a recovery code: 9 left.");
    const lost = both.find((r) => r.status === 401)!;
    expect(await lost.text()).toContain("That recovery code is not right, or was already used.");
    const [used] = await withStore((s) => s.listAudit({ action: "totp_recovery_used", limit: 1 }));
    expect(used?.detail).toEqual({ left: 9 });
  });

  it("turns off with the password only", async () => {
    const sam = await session("sam@example.test");
    const refused = await post(
      "/admin/account",
      [
        ["change", "totp-disable"],
        ["current", "not the password at all"],
      ],
      sam,
    );
    expect(refused.status).toBe(403);
    expect(
      (await withStore(async (s) => s.totpOf(await idOf("sam@example.test"))))?.enabledAt,
    ).not.toBeNull();
    const off = await post(
      "/admin/account",
      [
        ["change", "totp-disable"],
        ["current", STAFF_PASSWORD],
      ],
      sam,
    );
    expect(off.status).toBe(303);
    expect(await withStore(async (s) => s.totpOf(await idOf("sam@example.test")))).toBeNull();
    const signIn = await post("/admin/sign-in", [
      ["email", "sam@example.test"],
      ["password", STAFF_PASSWORD],
    ]);
    expect(signIn.status).toBe(303);
    expect(
      (await withStore((s) => s.listAudit({ action: "totp_disabled", limit: 5 }))).length,
    ).toBe(1);
  });

  it("an owner, or the command line, turns off someone's; a reset link does not skip it", async () => {
    const boss = await session("boss@example.test", "owner");
    const dee = await session("dee@example.test");
    await enableDirectly("dee@example.test");
    const deeId = await idOf("dee@example.test");
    const staffPage = await (await get("/admin/staff", boss)).text();
    expect(staffPage).toContain("Authenticator app on");

    // Staff cannot turn off anyone's.
    expect(
      (
        await post(
          "/admin/staff",
          [
            ["action", "totp-reset"],
            ["staff", deeId],
          ],
          dee,
        )
      ).status,
    ).toBe(403);

    // A reset link sets the password but signs in only through the code.
    const link = await withStore((s) => issueLink(s, { email: "dee@example.test", reset: true }));
    const redeemed = await post(`/admin/invite/${link.token}`, [
      ["password", STAFF_PASSWORD],
      ["confirm", STAFF_PASSWORD],
    ]);
    expect(redeemed.status).toBe(303);
    expect(redeemed.headers.get("location")).toBe("/admin/sign-in?password=set");
    expect(cookieOf(redeemed)).toBeUndefined();
    await passwordStep("dee@example.test");

    // The owner can.
    const reset = await post(
      "/admin/staff",
      [
        ["action", "totp-reset"],
        ["staff", deeId],
      ],
      boss,
    );
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe(`/admin/staff?saved=totp&staff=${deeId}`);
    const notice = await (await get(reset.headers.get("location")!, boss)).text();
    expect(notice).toContain("dee@example.test&#x27;s authenticator app was turned off");
    const [entry] = await withStore((s) => s.listAudit({ action: "totp_reset", limit: 1 }));
    expect(entry).toMatchObject({
      subject: "dee@example.test",
      actorId: await idOf("boss@example.test"),
    });
    const signIn = await post("/admin/sign-in", [
      ["email", "dee@example.test"],
      ["password", STAFF_PASSWORD],
    ]);
    expect(signIn.status).toBe(303);

    // The command line's way back.
    await enableDirectly("dee@example.test");
    const cli = await adminCli(["totp-off", "dee@example.test"], env);
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain("authenticator app was turned off");
    expect(await withStore((s) => s.totpOf(deeId))).toBeNull();
  });

  it("an owner with only the app may require a second factor; the app counts for everyone", async () => {
    const boss = await session("boss@example.test", "owner");
    const settings = (extra: [string, string][]) =>
      post(
        "/admin/settings",
        [["timeZone", "America/New_York"], ["assignment", "none"], ...extra],
        boss,
      );
    expect((await settings([["requireSecondFactor", "on"]])).status).toBe(422);
    await enableDirectly("boss@example.test");
    expect((await settings([["requireSecondFactor", "on"]])).status).toBe(303);
    const ray = await session("ray@example.test");
    const kept = await get("/admin", ray);
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe("/admin/account?enrol=1");
    // The account page still sets the app up (its posts stay open).
    expect((await post("/admin/account", [["change", "totp-start"]], ray)).status).toBe(303);
    await enableDirectly("ray@example.test");
    expect((await get("/admin", ray)).status).toBe(200);
    expect((await settings([])).status).toBe(303);
  });

  it("throttles wrong codes as it does wrong passwords", async () => {
    await session("tia@example.test");
    await enableDirectly("tia@example.test");
    const pending = await passwordStep("tia@example.test");
    let res: Response | undefined;
    let tries = 0;
    while (tries < 8) {
      tries++;
      res = await codeStep(pending, "code", "000000");
      if (res.status === 429) break;
      expect(res.status).toBe(401);
    }
    expect(res?.status).toBe(429);
    expect(tries).toBeLessThanOrEqual(6);
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even the right code waits now.
    const right = await codeStep(pending, "code", totpCode(KEY));
    expect(right.status).toBe(429);
    expect(cookieOf(right)).toBeUndefined();
  });
});
