/**
 * Follow-ups (issue 27) on the real server over SQLite, with a real SMTP receiver:
 * a follow-up set on a lead's page is shown with its due time on the agency's clock (09:00 typed is
 * 09:00 in New York, in winter and in summer), the inbox's Due view lists and counts it, it emails
 * its assignee once when it falls due, Done takes it off the Due view and a snooze moves it; bad
 * dates are a 422 with a message. On the stores themselves: two servers sweeping at once queue one
 * email, a follow-up done before it is due queues none, a snooze arms it again, and the Due view's
 * query walks the index.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepFollowUps } from "../../src/admin/followUps";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore } from "../../src/admin/store/types";
import { newLeadId } from "../../src/server/id";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { deliveryEnv, startSmtpReceiver, waitFor, type SmtpReceiver } from "./notify-support";
import {
  adminCli,
  contactLead,
  OWNER_PASSWORD,
  onBothStores,
  openServerStore,
  ownerSession,
  postAdminForm,
  postJson,
  postgresAvailable,
  runSweep,
  serverStore,
  startServer,
  storeQuery,
  validLeads,
  type RunningServer,
} from "./support";

const SITE_URL = "https://agency.example";
const ZONE = "America/New_York";

/** A moment on a New York wall clock, written independently of the code under test. */
function newYork(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** New York's date and time (YYYY-MM-DD, HH:MM) at `at`. */
function nyClock(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The next 15 January and 15 July from today (one in standard time, one in daylight time). */
function nextMid(month: "01" | "07"): string {
  const now = new Date();
  const year = now.getUTCFullYear();
  const candidate = `${year}-${month}-15`;
  return candidate > nyClock(now).date ? candidate : `${year + 1}-${month}-15`;
}

describe("follow-ups (sqlite)", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let cookie = "";
  const OWNER = "planner@example.test";

  beforeAll(async () => {
    const store = serverStore("sqlite", "admin-follow-ups");
    cleanup = store.cleanup;
    smtp = await startSmtpReceiver();
    env = {
      ...store.env,
      ...deliveryEnv(smtp, null),
      SITE_URL,
      // Info: runSweep reads the signalled sweeps' lines (SWEEPS_ON_SIGNAL, tests only).
      LOG_LEVEL: "info",
      SWEEPS_ON_SIGNAL: "1",
      LEAD_FOLLOWUP_SWEEP_MS: "200",
      LEAD_REMINDER_MINUTES: "off",
    };
    server = await startServer(env);
    cookie = await ownerSession(server, store.env, OWNER);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await cleanup?.();
  });

  const send = async (name: string) => {
    const res = await postJson(server.url, {
      _t: "9000",
      _form: "quick",
      ...validLeads.quick,
      name,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const get = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
  const post = (id: string, fields: Record<string, string>) =>
    postAdminForm(server, `/admin/leads/${id}`, fields, cookie);
  /** The follow-up panel of a lead's page, as text. */
  const panel = (html: string) =>
    (/<section[^>]*data-follow-up[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  const dueAttr = (html: string) =>
    /data-follow-up-due[^>]*>[\s\S]*?<time dateTime="([^"]+)"/.exec(html)?.[1];
  /** The Due view's rows (lead ids) and its badge's count. */
  const dueView = async () => {
    const html = await get("/admin?view=due");
    return {
      html,
      ids: [...html.matchAll(/data-lead-id="([^"]+)"/g)].map((m) => m[1]!),
      count: Number(/data-due-count="(\d+)"/.exec(html)?.[1] ?? -1),
    };
  };
  const followUpMails = (id: string) =>
    smtp.messages.filter(
      (m) => m.header("x-lead-id") === id && m.header("subject")?.startsWith("Follow-up due"),
    );

  it("set, shown, listed and counted as due, emailed once to its assignee, and gone when done", async () => {
    const id = await send("Fiona Followup");
    const before = await dueView();
    expect(before.ids).not.toContain(id);

    // Due this very minute on the agency's clock.
    const now = nyClock(new Date());
    const set = await post(id, {
      action: "follow-up",
      date: now.date,
      time: now.time,
      note: "Send the quote & call back",
    });
    expect(set.status).toBe(303);
    expect(set.headers.get("location")).toBe(`/admin/leads/${id}?saved=follow-up`);

    const html = await get(`/admin/leads/${id}`);
    const due = dueAttr(html)!;
    expect(nyClock(new Date(due))).toEqual(now);
    const shown = panel(html);
    expect(shown).toContain(`Due ${newYork(due)}`);
    expect(shown).toMatch(/\((now|\d+ min overdue|in \d+ min)\)/);
    expect(shown).toContain("Send the quote &amp; call back");
    expect(shown).toContain(`Set by ${OWNER} · emails ${OWNER}`);
    expect(shown).toContain("Time, EST/EDT (New York)");

    const listed = await dueView();
    expect(listed.ids).toContain(id);
    expect(listed.count).toBe(before.count + 1);
    expect(listed.html).toContain(newYork(due));

    // The sweep (every 200 ms here) queues it by itself; the outbox sends it once.
    await waitFor(() => followUpMails(id).length > 0, 15_000, "the follow-up email");
    // And only once: later sweeps, run now rather than slept for, queue nothing more.
    expect(await runSweep(server, "follow-ups")).toBe(0);
    expect(await runSweep(server, "follow-ups")).toBe(0);
    const mails = followUpMails(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.envelopeTo).toEqual([OWNER]);
    expect(mails[0]!.text).toContain(`Open it in the inbox: ${SITE_URL}/admin/leads/${id}`);
    expect(mails[0]!.text).toContain(`Due: ${newYork(due)}`);
    expect(mails[0]!.text).toContain("Note: Send the quote & call back");

    const done = await post(id, { action: "follow-up-done" });
    expect(done.status).toBe(303);
    const after = await dueView();
    expect(after.ids).not.toContain(id);
    expect(after.count).toBe(before.count);
    const page = await get(`/admin/leads/${id}`);
    expect(panel(page)).toContain("No follow-up set.");
    expect(page).toContain(`Follow-up set for ${newYork(due)}`);
    expect(page).toContain("Follow-up done");
    // Done again: nothing open, a clear 422.
    const twice = await post(id, { action: "follow-up-done" });
    expect(twice.status).toBe(422);
    expect(await twice.text()).toContain("This lead has no open follow-up.");
    // Audited: set and done.
    const audit = await get("/admin/audit?action=lead_follow_up_done");
    expect(audit).toContain(id);
  });

  it("09:00 typed is 09:00 in New York, in standard and in daylight time; a snooze moves it", async () => {
    const id = await send("Wanda Wallclock");
    const winter = nextMid("01");
    await post(id, { action: "follow-up", date: winter, time: "09:00", note: "" });
    let due = dueAttr(await get(`/admin/leads/${id}`))!;
    expect(due).toBe(`${winter}T14:00:00.000Z`); // EST, UTC−5

    const summer = nextMid("07");
    // A new follow-up replaces the open one.
    await post(id, { action: "follow-up", date: summer, time: "09:00", note: "" });
    let html = await get(`/admin/leads/${id}`);
    due = dueAttr(html)!;
    expect(due).toBe(`${summer}T13:00:00.000Z`); // EDT, UTC−4
    expect(panel(html)).toContain("9:00 AM EDT");
    expect(panel(html)).toMatch(/\(in \d+ days\)/);
    expect(html.match(/data-follow-up-due/g)).toHaveLength(1);

    const snoozed = await post(id, { action: "follow-up-snooze", by: "1h" });
    expect(snoozed.status).toBe(303);
    html = await get(`/admin/leads/${id}`);
    expect(dueAttr(html)).toBe(`${summer}T14:00:00.000Z`);
    expect(panel(html)).toContain("10:00 AM EDT");
    await post(id, { action: "follow-up-snooze", by: "1d" });
    html = await get(`/admin/leads/${id}`);
    expect(dueAttr(html)).toBe(
      new Date(Date.parse(`${summer}T14:00:00Z`) + 86_400_000).toISOString(),
    );
    expect(html).toContain(`Follow-up snoozed to ${newYork(`${summer}T14:00:00Z`)}`);
    // Not due today: not in the Due view.
    expect((await dueView()).ids).not.toContain(id);
    const bad = await post(id, { action: "follow-up-snooze", by: "1y" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Choose how long to snooze it.");
  });

  it("emails the lead's assignee rather than whoever set it", async () => {
    const dana = "dana@example.test";
    // The store settings only: without SITE_URL the CLI prints the link as a path.
    const storeEnv = Object.fromEntries(Object.entries(env).filter(([k]) => k !== "SITE_URL"));
    const invited = await adminCli(["invite", dana], storeEnv);
    expect(invited.status).toBe(0);
    const joined = await postAdminForm(server, invited.stdout.trim(), {
      password: OWNER_PASSWORD,
      confirm: OWNER_PASSWORD,
    });
    expect(joined.status).toBe(303);
    const id = await send("Alma Assigned");
    const options = await get(`/admin/leads/${id}`);
    const danaId = new RegExp(`<option value="([^"]+)">${dana}</option>`).exec(options)?.[1];
    expect(danaId).toBeTruthy();
    expect((await post(id, { action: "assign", assignee: danaId! })).status).toBe(303);
    const now = nyClock(new Date());
    await post(id, { action: "follow-up", date: now.date, time: now.time, note: "" });
    expect(panel(await get(`/admin/leads/${id}`))).toContain(`Set by ${OWNER} · emails ${dana}`);
    await waitFor(() => followUpMails(id).length > 0, 15_000, "the assignee's email");
    expect(followUpMails(id)[0]!.envelopeTo).toEqual([dana]);
    expect(followUpMails(id)[0]!.text).not.toContain("Note:");
  });

  it("erasing a lead erases its follow-up, note included", async () => {
    const id = await send("Erin Erased");
    const today = nyClock(new Date()).date;
    await post(id, { action: "follow-up", date: today, time: "23:59", note: "Erin's cousin" });
    const q = storeQuery("sqlite", env);
    try {
      const count = async () =>
        Number(
          (
            await q.rows<{ n: number | string }>(
              `SELECT count(*) AS n FROM lead_follow_ups WHERE lead_id = '${id}'`,
            )
          )[0]!.n,
        );
      expect(await count()).toBe(1);
      const erased = await post(id, { action: "erase", confirm: "ERASE" });
      expect(erased.status).toBe(303);
      expect(await count()).toBe(0);
      expect((await dueView()).ids).not.toContain(id);
    } finally {
      await q.close();
    }
  });

  it("a missing, impossible or past date or time, or a bad note, is a 422 with a message", async () => {
    const id = await send("Ivan Invalid");
    const today = nyClock(new Date()).date;
    const cases: [Record<string, string>, string][] = [
      [{ date: today, time: "" }, "Choose a date and a time for the follow-up."],
      [{ date: "2027-02-30", time: "09:00" }, "does not exist on the agency"],
      [{ date: today, time: "25:00" }, "does not exist on the agency"],
      [{ date: "next tuesday", time: "09:00" }, "does not exist on the agency"],
      [{ date: "2020-01-01", time: "09:00" }, "Choose today or a later day."],
      [{ date: "2099-01-01", time: "09:00" }, "Choose a day within a year from now."],
      [{ date: today, time: "23:59", note: "x".repeat(201) }, "under 200 characters"],
      [{ date: today, time: "23:59", note: "a\u0000b" }, "could not be read"],
    ];
    for (const [fields, message] of cases) {
      const res = await post(id, { action: "follow-up", note: "", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      const body = await res.text();
      expect(body).toContain(message.replace("'", "&#39;"));
    }
    expect(panel(await get(`/admin/leads/${id}`))).toContain("No follow-up set.");
    // A script in a note is text, shown escaped, never run.
    await post(id, {
      action: "follow-up",
      date: today,
      time: "23:59",
      note: "<script>alert(1)</script>",
    });
    const html = await get(`/admin/leads/${id}`);
    expect(html).not.toContain("<script>alert(1)");
    expect(panel(html)).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

// ---------------------------------------------------------------------------------------------
// On the stores: the sweep's once-only queueing, done before due, snooze, and the index.

const lead = (createdAt: Date): LeadRecord =>
  contactLead(createdAt, {
    fields: { name: "Otto Once", email: "otto@once.test", message: "Call me" },
  });

await onBothStores("follow-up-sweep", (name, open, cleanup) => {
  describe(`follow-up emails are queued once: ${name}`, () => {
    let one: LeadStore;
    let two: LeadStore;
    let a: AdminStore;
    let b: AdminStore;
    beforeAll(async () => {
      one = await open();
      two = await open();
      a = adminStoreFor(one);
      b = adminStoreFor(two);
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await cleanup();
    });
    const T = Date.parse("2030-03-04T15:00:00Z");
    const at = (minutes: number) => new Date(T + minutes * 60_000);
    const set = (store: AdminStore, id: string, dueAt: Date) =>
      store.setFollowUp(id, {
        dueAt: dueAt.toISOString(),
        note: "",
        eventId: newLeadId(),
        actorId: "nobody",
        at: at(0).toISOString(),
        body: "{}",
      });
    const rows = async (id: string) =>
      (await one.listNotifications(["pending", "sent", "failed"], id)).filter(
        (r) => r.channel === "followup",
      );

    it("two servers sweeping at once queue one email; done before due queues none; a snooze arms it again", async () => {
      const due = lead(at(-60));
      const done = lead(at(-59));
      for (const l of [due, done]) await one.insert(l);
      await set(a, due.id, at(10));
      await set(a, done.id, at(10));
      expect(await sweepFollowUps(a, at(5))).toBe(0); // not due yet
      await a.updateFollowUp(done.id, {
        dueAt: null,
        eventId: newLeadId(),
        actorId: "nobody",
        at: at(6).toISOString(),
        body: "{}",
      });
      const swept = await Promise.all([
        sweepFollowUps(a, at(11)),
        sweepFollowUps(b, at(11)),
        sweepFollowUps(a, at(11)),
      ]);
      expect(swept.reduce((x, y) => x + y, 0)).toBe(1);
      expect(await rows(due.id)).toHaveLength(1);
      expect(await rows(done.id)).toEqual([]);
      expect(await sweepFollowUps(b, at(30))).toBe(0);
      expect((await a.followUp(due.id))?.queuedAt).not.toBeNull();

      // Snoozed: armed again for its new time, queued once more then.
      await a.updateFollowUp(due.id, {
        dueAt: at(70).toISOString(),
        eventId: newLeadId(),
        actorId: "nobody",
        at: at(31).toISOString(),
        body: "{}",
      });
      expect(await sweepFollowUps(a, at(60))).toBe(0);
      expect(await Promise.all([sweepFollowUps(a, at(71)), sweepFollowUps(b, at(71))])).toEqual(
        expect.arrayContaining([1, 0]),
      );
      const after = await rows(due.id);
      expect(after).toHaveLength(1);
      expect(after[0]!.status).toBe("pending");
    });

    it("the Due view lists due follow-ups most overdue first, counts them, and leaves spam out", async () => {
      const early = lead(at(-50));
      const late = lead(at(-49));
      const later = lead(at(-48));
      const spam = { ...lead(at(-47)), spam: true };
      for (const l of [early, late, later, spam]) await one.insert(l);
      await set(a, late.id, at(200));
      await set(a, early.id, at(100));
      await set(a, later.id, at(5_000));
      await set(a, spam.id, at(100));
      const before = at(300).toISOString();
      const listed = (await a.dueFollowUps({ before, limit: 50 })).map((d) => d.lead.id);
      expect(listed.indexOf(early.id)).toBeLessThan(listed.indexOf(late.id));
      expect(listed).not.toContain(later.id);
      expect(listed).not.toContain(spam.id);
      const page = await a.dueFollowUps({
        before,
        after: { dueAt: at(100).toISOString(), leadId: early.id },
        limit: 50,
      });
      expect(page.map((d) => d.lead.id)).not.toContain(early.id);
      expect(page.map((d) => d.lead.id)).toContain(late.id);
      expect(await a.countDueFollowUps(before, 1000)).toBe(listed.length);
      expect(await a.countDueFollowUps(before, 1)).toBe(1);
    });
  });
});

// The Due view's query plan on each store reads the follow-ups' due-time index.
describe("the Due view walks the index on (due time, lead)", () => {
  for (const driver of ["sqlite", "postgres"] as const) {
    it(driver, async () => {
      if (driver === "postgres" && !(await postgresAvailable())) return;
      const store = serverStore(driver, "follow-up-plan");
      const leads = openServerStore(driver, store.env);
      try {
        if (driver === "postgres")
          await (leads as unknown as { migrate(): Promise<unknown> }).migrate();
        await adminStoreFor(leads).countDueFollowUps(new Date().toISOString(), 1);
        const q = storeQuery(driver, store.env);
        const sql = `SELECT leads.id FROM lead_follow_ups f JOIN leads ON leads.id = f.lead_id
                     WHERE f.due_at < '2030-01-01T00:00:00.000Z' ORDER BY f.due_at, f.lead_id LIMIT 51`;
        let plan: string[];
        if (driver === "sqlite") {
          plan = (await q.rows<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)).map(
            (r) => r.detail,
          );
        } else {
          // An empty table is cheaper to scan: the plan is asked as a million rows would have it.
          await q.rows("SET enable_seqscan = off");
          plan = (await q.rows<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`)).map(
            (r) => r["QUERY PLAN"],
          );
        }
        await q.close();
        expect(plan.join("\n")).toContain("lead_follow_ups_due");
      } finally {
        await leads.close();
        await store.cleanup();
      }
    });
  }
});
