/**
 * The inbox's limits under parallel requests (issue 23, sections 1 and 2), on the real built
 * server: on SQLite one server, on PostgreSQL TWO servers on one schema (so every limit must live
 * in the store). Clients are told apart by X-Forwarded-For from loopback (TRUST_PROXY=loopback).
 *
 * - A burst of wrong passwords is checked (argon2) at most the account-and-client limit times in
 *   all, on every server together; the right password sent into the burst is refused; another
 *   client with the right password and an emailed link still get in.
 * - Two owners demoting each other at the same moment never leave the agency without an owner
 *   (five trials); the command line gives the owner role back.
 * - Anonymous passkey sign-in options are limited per client: a burst writes a bounded number of
 *   challenge rows.
 * - Wrong passwords on the account page are throttled and audited; a few end the session.
 * - On PostgreSQL without IP_HASH_SALT each server warns at start (issue 36).
 *
 * The figures (checked per burst, owners left, challenge rows) are printed for the note.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminCli,
  adminForm,
  postgresAvailable,
  serverStore,
  startServer,
  storeQuery,
  type RunningServer,
} from "./support";

const PASSWORD = "mossy granite patio lantern";
const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";
const figure = (text: string) => console.log(`[issue 23 figure] ${text}`);

function suite(driver: "sqlite" | "postgres") {
  describe(`inbox limits under concurrency (${driver})`, () => {
    let servers: RunningServer[] = [];
    let env: Record<string, string>;
    let cleanup: () => Promise<void>;
    let db: ReturnType<typeof storeQuery>;
    const on = (i: number) => servers[i % servers.length]!;
    const form = (
      server: RunningServer,
      path: string,
      fields: Record<string, string>,
      headers: Record<string, string> = {},
    ) => adminForm(server.url, path, fields, headers);
    const status = async (res: Promise<Response>) => {
      const r = await res;
      await r.arrayBuffer();
      return r.status;
    };
    const me = (server: RunningServer, cookie: string) =>
      status(fetch(`${server.url}/api/admin/me`, { headers: { cookie } }));
    /** A new account with its password set through the CLI's link; its session cookie. */
    const account = async (email: string, role: "owner" | "staff") => {
      const link = (await adminCli(["invite", email, "--role", role], env)).stdout.trim();
      const set = await form(on(0), link, { password: PASSWORD, confirm: PASSWORD });
      expect(set.status).toBe(303);
      return cookieOf(set);
    };
    const signIn = async (server: RunningServer, email: string, client: string) =>
      form(server, "/admin/sign-in", { email, password: PASSWORD }, { "x-forwarded-for": client });

    beforeAll(async () => {
      const store = serverStore(driver, "concurrency");
      env = store.env;
      cleanup = store.cleanup;
      const serverEnv = {
        ...env,
        TRUST_PROXY: "loopback",
        // The clients told apart by X-Forwarded-For are "other machines" over plain http.
        ADMIN_ALLOW_HTTP: "1",
        LOG_LEVEL: "warn",
        LEADS_RATE_LIMIT: "off",
      };
      servers = [await startServer(serverEnv)];
      if (driver === "postgres") servers.push(await startServer(serverEnv));
      db = storeQuery(driver, env);
    });
    afterAll(async () => {
      if (process.env.SHOW_SERVER_LOG)
        for (const s of servers) console.log(s.output().slice(-3000));
      for (const s of servers) await s.stop();
      await db?.close();
      await cleanup?.();
    });

    it("warns at start when servers share PostgreSQL without IP_HASH_SALT (none on SQLite)", () => {
      // Each server's own random salt would make a client two clients, with 5 tries on each.
      const warned = servers.map((s) =>
        s
          .output()
          .split("\n")
          .filter((l) => l.includes('"event":"ip_hash_salt_unset"'))
          .map((l) => (JSON.parse(l) as { level: number; msg: string }).msg),
      );
      if (driver === "sqlite") expect(warned).toEqual([[]]);
      else
        for (const msgs of warned) expect(msgs).toEqual([expect.stringContaining("IP_HASH_SALT")]);
    });

    it("checks a burst of wrong passwords at most 5 times on all servers together", async () => {
      await account("owner@example.test", "owner");
      const attacker = { "x-forwarded-for": "10.1.0.1" };
      const burst = Array.from({ length: 60 }, (_, i) =>
        status(
          form(
            on(i),
            "/admin/sign-in",
            { email: "owner@example.test", password: `wrong guess ${i}` },
            attacker,
          ),
        ),
      );
      // The right password, sent while the wrong ones are still being checked.
      await new Promise((r) => setTimeout(r, 100));
      const right = status(
        form(
          on(1),
          "/admin/sign-in",
          { email: "owner@example.test", password: PASSWORD },
          attacker,
        ),
      );
      const statuses = await Promise.all(burst);
      const checked = statuses.filter((s) => s === 401).length;
      figure(
        `${driver}: wrong passwords checked in a burst of 60 on ${servers.length} server(s): ${checked}`,
      );
      expect(checked).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(await right).toBe(429);

      // The owner elsewhere is not locked out by someone else's guesses …
      const elsewhere = await signIn(on(1), "owner@example.test", "10.1.0.2");
      expect(elsewhere.status).toBe(303);
      expect(await me(on(0), cookieOf(elsewhere))).toBe(200);
      // … and a fresh emailed link gets in from the attacked address too.
      const link = (await adminCli(["reset", "owner@example.test"], env)).stdout.trim();
      const reset = await form(on(0), link, { password: PASSWORD, confirm: PASSWORD }, attacker);
      expect(reset.status).toBe(303);
    });

    it("keeps at least one owner when two owners demote each other at once (5 trials)", async () => {
      const aCookie = await account("first@example.test", "owner");
      const bCookie = await account("second@example.test", "owner");
      const [{ id: aId } = { id: "" }] = await db.rows<{ id: string }>(
        "SELECT id FROM staff WHERE email = 'first@example.test'",
      );
      const [{ id: bId } = { id: "" }] = await db.rows<{ id: string }>(
        "SELECT id FROM staff WHERE email = 'second@example.test'",
      );
      const left: number[] = [];
      const outcomes: number[][] = [];
      for (let trial = 0; trial < 5; trial++) {
        // Exactly these two are owners when the trial starts.
        await db.rows(
          `UPDATE staff SET role = CASE WHEN email IN ('first@example.test', 'second@example.test')
                                   THEN 'owner' ELSE 'staff' END`,
        );
        const answers = await Promise.all([
          status(
            form(
              on(0),
              "/admin/staff",
              { action: "role", staff: bId!, role: "staff" },
              { cookie: aCookie },
            ),
          ),
          status(
            form(
              on(1),
              "/admin/staff",
              { action: "role", staff: aId!, role: "staff" },
              { cookie: bCookie },
            ),
          ),
        ]);
        const [{ n } = { n: -1 }] = await db.rows<{ n: number }>(
          "SELECT count(*) AS n FROM staff WHERE role = 'owner'",
        );
        left.push(Number(n));
        outcomes.push(answers);
      }
      figure(
        `${driver}: owners left after two owners demoted each other, 5 trials: ${left.join(", ")}`,
      );
      expect(left).toEqual([1, 1, 1, 1, 1]);
      for (const answers of outcomes) {
        // One wins (303 back to the page); the other is refused (the last owner), or no longer
        // an owner when it arrives.
        expect(answers.filter((s) => s === 303)).toHaveLength(1);
        expect(answers.filter((s) => s !== 303)[0]).toBeOneOf([403, 422]);
      }

      // The command line gives the role back.
      await db.rows("UPDATE staff SET role = 'staff' WHERE email = 'second@example.test'");
      const back = await adminCli(["role", "second@example.test", "owner"], env);
      expect(back.status).toBe(0);
      expect((await adminCli(["users"], env)).stdout).toMatch(/second@example\.test\s+owner/);
    });

    it("limits anonymous passkey sign-in options per client: a burst writes few rows", async () => {
      const before = await db.rows<{ n: number }>("SELECT count(*) AS n FROM webauthn_challenges");
      const calls = Array.from({ length: 100 }, (_, i) =>
        fetch(`${on(i).url}/api/admin/passkeys/sign-in-options`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: on(i).url,
            "x-forwarded-for": "10.3.0.1",
          },
          body: "{}",
        }),
      );
      const answers = await Promise.all(calls);
      const statuses = await Promise.all(
        answers.map(async (r) => {
          const body = (await r.json()) as { message?: string };
          if (r.status === 429) expect(body.message).toMatch(/Too many/);
          return r.status;
        }),
      );
      const [after] = await db.rows<{ n: number }>("SELECT count(*) AS n FROM webauthn_challenges");
      const written = Number(after!.n) - Number(before[0]!.n);
      figure(`${driver}: challenge rows written by 100 anonymous option calls: ${written}`);
      expect(written).toBeLessThanOrEqual(20);
      expect(statuses.filter((s) => s === 200)).toHaveLength(written);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      // Another client still gets its options.
      const other = await fetch(`${on(1).url}/api/admin/passkeys/sign-in-options`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: on(1).url,
          "x-forwarded-for": "10.3.0.2",
        },
        body: "{}",
      });
      expect(other.status).toBe(200);
    });

    it("throttles and audits wrong passwords on the account page; a few end the session", async () => {
      const cookie = await account("confirmer@example.test", "staff");
      const tries = Array.from({ length: 12 }, (_, i) =>
        status(
          form(
            on(i),
            "/admin/account",
            {
              change: "password",
              current: `stolen session guess ${i}`,
              password: "winter mulch delivery schedule",
              confirm: "winter mulch delivery schedule",
            },
            { cookie },
          ),
        ),
      );
      const statuses = await Promise.all(tries);
      const checked = statuses.filter((s) => s === 422).length;
      figure(`${driver}: account-page passwords checked of 12 parallel wrong ones: ${checked}`);
      expect(checked).toBeLessThanOrEqual(5);
      // The session is over: the rest were sent to sign in again.
      expect(await me(on(1), cookie)).toBe(401);
      const audit = await db.rows<{ action: string }>(
        "SELECT action FROM audit_log WHERE subject = 'confirmer@example.test'",
      );
      const actions = audit.map((r) => r.action);
      expect(actions).toContain("confirm_failed");
      expect(actions).toContain("session_ended_confirm");
    });
  });
}

suite("sqlite");
describe.skipIf(!(await postgresAvailable()))("PostgreSQL", () => suite("postgres"));
