/**
 * The agency side's store contract and its account rules, run against a temporary SQLite file and
 * the real PostgreSQL (a schema of its own): accounts, one-time links (single use, 24 h, newest
 * only), passwords, sessions (idle 12 h, absolute 7 days, sign-out, ending the others), the
 * sign-in throttle and the audit log. Both stores must behave the same.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  currentSession,
  secretHash,
  issueLink,
  linkAccount,
  redeemLink,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  signIn,
  signOut,
  INVITE_TTL_MS,
} from "../../src/admin/accounts";
import { passwordProblem } from "../../src/admin/passwords";
import {
  addNote,
  assignLead,
  changeStatus,
  eraseLead,
  markSpam,
  waited,
} from "../../src/admin/pipeline";
import { newLeadId } from "../../src/server/id";
import type { FormId, LeadKind } from "../../src/leads/fields";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, InboxQuery } from "../../src/admin/store/types";
import { throttleSettings } from "../../src/admin/config";
import { createSignInThrottle } from "../../src/admin/throttle";
import { PostgresLeadStore } from "../../src/leads/store/postgres";
import { SqliteLeadStore } from "../../src/leads/store/sqlite";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import {
  contactLead,
  dropSchema,
  postgresAvailable,
  removeDir,
  tempDir,
  testDatabaseUrl,
  uniqueSchema,
} from "./support";

const PASSWORD = "mossy granite patio lantern";
const T0 = new Date(Date.UTC(2026, 10, 1, 9));
const later = (ms: number) => new Date(T0.getTime() + ms);

function contract(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`AdminStore contract: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("creates an account once per email, lower-cased; a second invite keeps its role", async () => {
      const first = await issueLink(store, { email: " Owner@Example.TEST ", role: "owner" }, T0);
      expect(first.staff).toMatchObject({ email: "owner@example.test", role: "owner" });
      expect(first.purpose).toBe("invite");
      const again = await issueLink(store, { email: "owner@example.test", role: "staff" }, T0);
      expect(again.staff.id).toBe(first.staff.id);
      expect(again.staff.role).toBe("owner");
      expect((await store.listStaff()).map((s) => s.email)).toContain("owner@example.test");
    });

    it("a link works once, within 24 h, and only the newest one of an account", async () => {
      const old = await issueLink(store, { email: "links@example.test" }, T0);
      const fresh = await issueLink(store, { email: "links@example.test" }, T0);
      expect(await linkAccount(store, old.token, T0)).toBeNull();
      expect((await linkAccount(store, fresh.token, T0))?.staff.email).toBe("links@example.test");
      expect(await linkAccount(store, fresh.token, later(INVITE_TTL_MS))).toBeNull();

      const weak = await redeemLink(
        store,
        { token: fresh.token, password: "short", userAgent: null },
        T0,
      );
      expect(weak).toMatchObject({ ok: false, problem: "password" });
      const done = await redeemLink(
        store,
        { token: fresh.token, password: PASSWORD, userAgent: null },
        T0,
      );
      expect(done.ok).toBe(true);
      const twice = await redeemLink(
        store,
        { token: fresh.token, password: PASSWORD, userAgent: null },
        T0,
      );
      expect(twice).toEqual({ ok: false, problem: "gone" });
    });

    it("of two requests using one link at the same time, exactly one wins", async () => {
      const link = await issueLink(store, { email: "race@example.test" }, T0);
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          redeemLink(store, { token: link.token, password: PASSWORD, userAgent: null }, T0),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });

    it("sessions: kept alive by use, ended after 12 h idle or 7 days in all, or by signing out", async () => {
      const link = await issueLink(store, { email: "sessions@example.test" }, T0);
      const redeemed = await redeemLink(
        store,
        { token: link.token, password: PASSWORD, userAgent: "t" },
        T0,
      );
      if (!redeemed.ok || !redeemed.session) throw new Error("not redeemed");
      const s = redeemed.session;
      // Used every 11 hours, it lives on, but never past 7 days.
      let at = T0.getTime();
      while (at + SESSION_IDLE_MS - 3_600_000 < T0.getTime() + SESSION_MAX_MS) {
        at += SESSION_IDLE_MS - 3_600_000;
        const alive = await currentSession(store, s, new Date(at));
        if (at < T0.getTime() + SESSION_MAX_MS)
          expect(alive?.staff.email).toBe("sessions@example.test");
      }
      expect(await currentSession(store, s, later(SESSION_MAX_MS + 1))).toBeNull();

      // A password typed again (adding a passkey) confirms the session, for a while.
      const fresh = await signIn(store, await throttle(), creds("sessions@example.test"), T0);
      if (!fresh.ok) throw new Error("sign-in failed");
      expect((await currentSession(store, fresh.session, T0))?.confirmedAt).toBeNull();
      await store.confirmSession(secretHash(fresh.session), later(60_000).toISOString());
      expect((await currentSession(store, fresh.session, later(120_000)))?.confirmedAt).toBe(
        later(60_000).toISOString(),
      );

      const idle = await signIn(store, await throttle(), creds("sessions@example.test"), T0);
      if (!idle.ok) throw new Error("sign-in failed");
      expect(await currentSession(store, idle.session, later(SESSION_IDLE_MS + 1))).toBeNull();
      // Gone for good once found expired, even if asked about an earlier time.
      expect(await currentSession(store, idle.session, T0)).toBeNull();

      const out = await signIn(store, await throttle(), creds("sessions@example.test"), T0);
      if (!out.ok) throw new Error("sign-in failed");
      await signOut(store, out.session, out.staff, T0);
      expect(await currentSession(store, out.session, T0)).toBeNull();
      expect(await currentSession(store, "not-a-session", T0)).toBeNull();
    });

    it("a new sign-in gets a new session id; a reset ends every other session", async () => {
      const link = await issueLink(store, { email: "reset@example.test" }, T0);
      await redeemLink(store, { token: link.token, password: PASSWORD, userAgent: null }, T0);
      const a = await signIn(store, await throttle(), creds("reset@example.test"), T0);
      const b = await signIn(store, await throttle(), creds("reset@example.test"), T0);
      if (!a.ok || !b.ok) throw new Error("sign-in failed");
      expect(a.session).not.toBe(b.session);
      const reset = await issueLink(store, { email: "reset@example.test", reset: true }, T0);
      expect(reset.purpose).toBe("reset");
      const newPassword = "winter mulch delivery schedule";
      const done = await redeemLink(
        store,
        { token: reset.token, password: newPassword, userAgent: null },
        T0,
      );
      if (!done.ok || !done.session) throw new Error("reset failed");
      expect(await currentSession(store, a.session, T0)).toBeNull();
      expect(await currentSession(store, b.session, T0)).toBeNull();
      expect((await currentSession(store, done.session, T0))?.staff.email).toBe(
        "reset@example.test",
      );
      const oldPassword = await signIn(store, await throttle(), creds("reset@example.test"), T0);
      expect(oldPassword).toEqual({ ok: false, problem: "wrong" });
    });

    it("wrong passwords are throttled per account, and the window passes", async () => {
      const link = await issueLink(store, { email: "throttle@example.test" }, T0);
      await redeemLink(store, { token: link.token, password: PASSWORD, userAgent: null }, T0);
      const t = await createSignInThrottle(
        { ...throttleSettings({}), accountFailures: 3, clientFailures: 100, windowSeconds: 2 },
        null,
      );
      const wrong = { ...creds("throttle@example.test"), password: "not the password at all" };
      for (let i = 0; i < 3; i++)
        expect(await signIn(store, t, wrong, T0)).toEqual({ ok: false, problem: "wrong" });
      const blocked = await signIn(store, t, creds("throttle@example.test"), T0);
      expect(blocked).toMatchObject({ ok: false, problem: "throttled" });
      await new Promise((r) => setTimeout(r, 2_100));
      expect((await signIn(store, t, creds("throttle@example.test"), T0)).ok).toBe(true);
    });

    it("moves a lead through the pipeline, records who and when, and when it was first contacted", async () => {
      const leadStore = leads;
      const at = T0.toISOString();
      const id = newLeadId(T0.getTime());
      await leadStore.insert({
        id,
        kind: "quick",
        form: "quick",
        subject: null,
        createdAt: at,
        spam: false,
        fields: { name: "Pipeline Lead", email: "pipe@example.test", phone: "+15125550142" },
        metadata: {
          source: "quick_lead_form",
          page: "/industries/turf-lawn-care",
          landingPage: null,
          referrer: null,
          timestamp: at,
          userAgent: null,
          utm: {},
          ipHash: null,
          spamReasons: [],
        },
      });
      const link = await issueLink(store, { email: "worker@example.test" }, T0);
      const actor = link.staff;
      expect(await store.leadWork(id)).toEqual({
        status: "new",
        statusAt: null,
        firstContactedAt: null,
        lostReason: null,
        assigneeId: null,
      });
      expect((await store.statusesOf([id, "missing"])).get(id)).toBe("new");

      const lost = await changeStatus(
        store,
        id,
        { status: "lost", reason: "  " },
        actor,
        later(60_000),
      );
      expect(lost).toMatchObject({ ok: false, status: 422 });
      expect(await changeStatus(store, id, { status: "done" }, actor)).toMatchObject({
        ok: false,
        status: 422,
      });
      expect(
        await changeStatus(store, id, { status: "contacted" }, actor, later(25 * 60_000)),
      ).toEqual({ ok: true });
      expect(
        await changeStatus(store, id, { status: "qualified" }, actor, later(90 * 60_000)),
      ).toEqual({ ok: true });
      expect(
        await changeStatus(
          store,
          id,
          { status: "lost", reason: "Went with a cheaper crew" },
          actor,
          later(120 * 60_000),
        ),
      ).toEqual({ ok: true });
      expect(
        await addNote(
          store,
          id,
          { note: "Called back\nwants spring pricing" },
          actor,
          later(121 * 60_000),
        ),
      ).toEqual({ ok: true });
      expect(await addNote(store, id, { note: "bad \u001b[2J" }, actor)).toMatchObject({
        ok: false,
        status: 422,
      });
      expect(
        await addNote(store, "00000000-0000-7000-8000-000000000000", { note: "x" }, actor),
      ).toMatchObject({
        ok: false,
        status: 404,
      });

      expect(await assignLead(store, id, actor.id, actor, later(122 * 60_000))).toEqual({
        ok: true,
      });
      expect(await assignLead(store, id, "no-such-staff", actor)).toMatchObject({
        ok: false,
        status: 422,
      });
      const work = await store.leadWork(id);
      expect(work).toEqual({
        status: "lost",
        statusAt: later(120 * 60_000).toISOString(),
        firstContactedAt: later(25 * 60_000).toISOString(),
        lostReason: "Went with a cheaper crew",
        assigneeId: actor.id,
      });
      expect(waited(at, work!.firstContactedAt)).toBe("25 min");
      // What the CSV export reads of it: in one query for a batch (an unknown id is left out),
      // and with the lead in the inbox's page.
      const expected = {
        status: "lost",
        firstContactedAt: later(25 * 60_000).toISOString(),
        lostReason: "Went with a cheaper crew",
        assignee: "worker@example.test",
        score: null,
      };
      const details = await store.exportDetails([id, "00000000-0000-7000-8000-000000000000"]);
      expect([...details]).toEqual([[id, expected]]);
      const [row] = await store.inboxPage({ spam: false, search: "pipe@example.test", limit: 50 });
      expect(row).toMatchObject({ lead: { id }, details: expected });
      const events = await store.leadEvents(id);
      expect(events.map((e) => [e.kind, e.status, e.body, e.actorEmail])).toEqual([
        ["status", "contacted", "", "worker@example.test"],
        ["status", "qualified", "", "worker@example.test"],
        ["status", "lost", "Went with a cheaper crew", "worker@example.test"],
        ["note", null, "Called back\nwants spring pricing", "worker@example.test"],
        ["assign", null, "worker@example.test", "worker@example.test"],
      ]);
    });

    it("pages the inbox newest first with filters, search and a keyset cursor", async () => {
      const base = Date.UTC(2026, 2, 1, 12);
      const make = (i: number, over: Partial<Omit<LeadRecord, "metadata">> = {}): LeadRecord =>
        contactLead(new Date(base + i * 60_000), {
          kind: i % 2 ? "audit" : "contact",
          form: i % 2 ? "audit" : "contact",
          fields: {
            name: `Inbox Person ${i}`,
            email: `p${i}@inbox.test`,
            phone: `+1512555${String(1000 + i)}`,
            message: i === 7 ? "We need 100% more patio leads_now" : "hello",
          },
          metadata: {
            source: "audit_form",
            page: "/",
            utm: i < 4 ? { utm_source: "Google", utm_campaign: "Spring" } : {},
          },
          ...over,
        });
      const all = Array.from({ length: 12 }, (_, i) => make(i));
      all.push(make(12, { spam: true }));
      for (const l of all) await leads.insert(l);
      const ids = (page: { lead: LeadRecord }[]) => page.map((p) => p.lead.id);
      const q = (over: Partial<InboxQuery>) =>
        store.inboxPage({
          spam: false,
          limit: 5,
          // Only this test's leads (others in the store are from other months).
          from: new Date(base).toISOString(),
          to: new Date(base + 13 * 60_000).toISOString(),
          ...over,
        });

      const first = await q({});
      expect(first).toHaveLength(6); // one more than the page: there is a next page
      expect(ids(first.slice(0, 5))).toEqual(
        all
          .slice(7, 12)
          .map((l) => l.id)
          .reverse(),
      );
      const last = first[4]!.lead;
      const second = await q({ before: { createdAt: last.createdAt, id: last.id } });
      expect(ids(second.slice(0, 5))).toEqual(
        all
          .slice(2, 7)
          .map((l) => l.id)
          .reverse(),
      );

      expect(ids(await q({ spam: true }))).toEqual([all[12]!.id]);
      expect((await q({ kind: "audit", limit: 50 })).every((p) => p.lead.kind === "audit")).toBe(
        true,
      );
      expect(ids(await q({ source: "google", campaign: "spring", limit: 50 }))).toEqual(
        all
          .slice(0, 4)
          .map((l) => l.id)
          .reverse(),
      );
      expect(ids(await q({ search: "PERSON 3" }))).toEqual([all[3]!.id]);
      expect(ids(await q({ search: "p5@inbox" }))).toEqual([all[5]!.id]);
      expect(ids(await q({ search: "512-555-1009" }))).toEqual([all[9]!.id]);
      // LIKE's own characters are searched as themselves.
      expect(ids(await q({ search: "100% leads_now" }))).toEqual([all[7]!.id]);
      expect(await q({ search: "%%" })).toHaveLength(0);
      expect(ids(await q({ search: "_" }))).toEqual([all[7]!.id]);
      expect(ids(await q({ from: all[10]!.createdAt, to: all[11]!.createdAt, limit: 50 }))).toEqual(
        [all[10]!.id],
      );
      await changeStatus(store, all[1]!.id, { status: "won" }, (await store.listStaff())[0]!);
      const won = await q({ status: "won", limit: 50 });
      expect(won.map((p) => [p.lead.id, p.status])).toEqual([[all[1]!.id, "won"]]);
    });

    it("finds the same person's other leads by email or phone, never by a blank one", async () => {
      const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 9, minutes));
      const person = "same.person@blank.test";
      const kept = contactLead(at(0), {
        fields: { name: "Sam Blank", email: person, phone: "", message: "Hi" },
      });
      const byEmail = contactLead(at(1), {
        fields: { name: "Sam Blank", email: "Same.Person@Blank.test", phone: "", message: "" },
      });
      const byPhone = contactLead(at(2), {
        fields: { name: "Sam B", email: "other@blank.test", phone: "+15125550199", message: "" },
      });
      const stranger = contactLead(at(3), {
        fields: { name: "Sam Blank", email: "stranger@blank.test", phone: "", message: "" },
      });
      for (const lead of [kept, byEmail, byPhone, stranger]) await leads.insert(lead);
      const related = async (lead: LeadRecord) =>
        (
          await store.relatedLeads(
            { id: lead.id, email: lead.fields.email ?? null, phone: lead.fields.phone ?? null },
            10,
          )
        ).map((r) => r.lead.id);
      // The empty phone they share with every lead sent without one makes nobody the same person.
      expect(await related(kept)).toEqual([byEmail.id]);
      expect(await related(stranger)).toEqual([]);
      expect(
        await related({ ...byEmail, fields: { ...byEmail.fields, phone: "+15125550199" } }),
      ).toEqual([byPhone.id, kept.id]);
      expect(await store.leadIdsByEmail("  ")).toEqual([]);
    });

    it("moves leads in and out of the spam folder, and erases a lead with all derived from it", async () => {
      const at = Date.UTC(2026, 3, 1, 9);
      const make = (kind: LeadKind, form: FormId, email: string, offset: number): LeadRecord =>
        contactLead(new Date(at + offset), {
          kind,
          form,
          fields: { name: "Erase Me", email, phone: "+15125550199" },
          metadata: { source: "growth_form", page: "/landscape-business-growth-initiation" },
        });
      const partial = make("growth_partial", "growthPartial", "erase@example.test", 0);
      const growth = make("growth", "growth", "erase@example.test", 1_000);
      const other = make("quick", "quick", "keep@example.test", 2_000);
      const giveUp = new Date(at + 86_400_000).toISOString();
      await leads.insert(partial, [{ id: newLeadId(at), channel: "email", giveUpAt: giveUp }]);
      await leads.insert(
        growth,
        [{ id: newLeadId(at + 1_000), channel: "email", giveUpAt: giveUp }],
        {
          completes: partial.id,
        },
      );
      await leads.insert(other, [
        { id: newLeadId(at + 2_000), channel: "email", giveUpAt: giveUp },
      ]);
      const owner = (await store.listStaff()).find((s) => s.role === "owner")!;
      const staff = (await store.listStaff()).find((s) => s.role === "staff")!;
      await addNote(store, growth.id, { note: "private details" }, owner);

      expect(await markSpam(store, other.id, true, staff)).toEqual({ ok: true });
      expect((await leads.get(other.id))!.spam).toBe(true);
      expect(await markSpam(store, other.id, false, staff)).toEqual({ ok: true });
      expect((await leads.get(other.id))!.spam).toBe(false);

      expect(await eraseLead(store, growth.id, staff)).toMatchObject({ ok: false, status: 403 });
      expect(await eraseLead(store, growth.id, owner)).toEqual({ ok: true });
      expect(await leads.get(growth.id)).toBeNull();
      expect(await leads.get(partial.id)).toBeNull();
      expect((await leads.get(other.id))?.id).toBe(other.id);
      expect(await store.leadEvents(growth.id)).toEqual([]);
      const outbox = await leads.listNotifications(["pending", "failed", "sent"]);
      expect(outbox.map((r) => r.leadId)).not.toContain(growth.id);
      expect(outbox.map((r) => r.leadId)).not.toContain(partial.id);
      expect(outbox.map((r) => r.leadId)).toContain(other.id);
      expect(await eraseLead(store, growth.id, owner)).toMatchObject({ ok: false, status: 404 });
      const log = await store.listAudit(50);
      const entry = log.find((e) => e.action === "lead_erased")!;
      expect(entry.detail).toEqual({ leads: expect.arrayContaining([growth.id, partial.id]) });
      expect(JSON.stringify(log)).not.toContain("erase@example.test");
    });

    it("the audit log records sign-ins, failures and links, newest first, without secrets", async () => {
      const entries = await store.listAudit(500);
      const actions = new Set(entries.map((e) => e.action));
      for (const a of [
        "invite",
        "password_set",
        "sign_in",
        "sign_in_failed",
        "sign_out",
        "reset",
      ]) {
        expect(actions, a).toContain(a);
      }
      const text = JSON.stringify(entries);
      expect(text).not.toContain(PASSWORD);
      expect(entries[0]!.at >= entries[entries.length - 1]!.at).toBe(true);
    });
  });
}

const creds = (email: string) => ({
  email,
  password: PASSWORD,
  client: "client-1",
  userAgent: null,
});
const throttle = () =>
  createSignInThrottle(
    { ...throttleSettings({}), accountFailures: 100, clientFailures: 100, windowSeconds: 60 },
    null,
  );

describe("password policy", () => {
  it("asks for 12 characters, refuses common passwords and the email address", () => {
    expect(passwordProblem("short pass", "a@example.test")).toMatch(/12/);
    expect(passwordProblem("password1234", "a@example.test")).toMatch(/common/);
    expect(passwordProblem("dana.green@example.test", "dana.green@example.test")).toMatch(/email/);
    expect(passwordProblem(PASSWORD, "a@example.test")).toBeNull();
  });
});

const dir = tempDir("admin-store-");
contract(
  "SQLite",
  async () => new SqliteLeadStore(join(dir, "leads.db")),
  async () => removeDir(dir),
);

const pg = await postgresAvailable();
const schema = uniqueSchema("admin");
describe.skipIf(!pg)("PostgreSQL", () => {
  contract(
    "PostgreSQL",
    async () => {
      const store = new PostgresLeadStore(testDatabaseUrl, { schema });
      store.appliedOnOpen = await store.migrate();
      return store;
    },
    async () => dropSchema(schema),
  );
});
