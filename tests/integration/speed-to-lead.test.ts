/**
 * Speed to lead on a temporary SQLite file and the real PostgreSQL: the inbox's median time to
 * first contact for a period, and the reminder a lead still 'new' after 30 minutes of the
 * agency's hours (Mon–Fri 09:00–18:00, America/New_York) sends through the outbox — queued once however often
 * the sweep runs, not while the agency is closed, delivered over real SMTP to the lead's assignee
 * or else to the owners, and not at all to a lead contacted in the meantime.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueLink } from "../../src/admin/accounts";
import { reminderDeliverer, sweepReminders } from "../../src/admin/reminders";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, CallOutcome } from "../../src/admin/store/types";
import { newLeadId } from "../../src/server/id";
import { defaultOutboxSettings, OutboxWorker } from "../../src/leads/notify/outbox";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { EMAIL_FROM, EMAIL_TO, startSmtpReceiver, waitFor } from "./notify-support";
import { contactLead, onBothStores } from "./support";

const MIN = 60_000;
/**
 * Eastern standard time (UTC−5) on a day counted from 1 March 2027, a Monday (day 17 is a
 * Wednesday, day 33 Friday 2 April). Each test has weeks of its own: the sweep looks back a week.
 */
/** The moment a New York wall clock shows hh:mm on `day` March 2027 (or later days of it), EST or EDT. */
const est = (day: number, hh: number, mm: number) => {
  const guess = new Date(Date.UTC(2027, 2, day, hh + 5, mm)); // as if standard time (UTC−5)
  const shown = Number(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hour: "numeric",
      hourCycle: "h23",
    }).format(guess),
  );
  return new Date(guess.getTime() - ((shown - hh + 24) % 24) * 3_600_000);
};
const RULES = { minutes: 30 };

const quiet = { info() {}, warn() {}, error() {} };

function suite(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`speed to lead: ${name}`, () => {
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

    const contact = (l: LeadRecord, afterMinutes: number) =>
      store.setStatus(l.id, {
        status: "contacted",
        lostReason: null,
        eventId: newLeadId(),
        actorId: null,
        at: new Date(Date.parse(l.createdAt) + afterMinutes * MIN).toISOString(),
      });

    it("the median time to first contact of a period counts its contacted leads only", async () => {
      const day = est(1, 10, 0); // Monday 1 March
      const period = { from: day.toISOString(), to: est(2, 0, 0).toISOString() };
      expect(await store.speedToLead(period)).toEqual({
        medianMinutes: null,
        contacted: 0,
        waiting: 0,
      });
      const waits = [10, 40, 20];
      const made = waits.map((_, i) => contactLead(new Date(day.getTime() + i * MIN)));
      for (const l of made) await leads.insert(l);
      for (const [i, l] of made.entries()) await contact(l, waits[i]!);
      // Not counted: a spam lead contacted at once, a lead of the day before, one still new.
      const spam = contactLead(new Date(day.getTime() + 5 * MIN), { spam: true });
      const before = contactLead(new Date(day.getTime() - 24 * 60 * MIN));
      const open = contactLead(new Date(day.getTime() + 6 * MIN));
      for (const l of [spam, before, open]) await leads.insert(l);
      await contact(spam, 1);
      await contact(before, 1);

      expect(await store.speedToLead(period)).toEqual({
        medianMinutes: 20,
        contacted: 3,
        waiting: 1,
      });
      // An even count: the mean of the middle two.
      const fourth = contactLead(new Date(day.getTime() + 7 * MIN));
      await leads.insert(fourth);
      await contact(fourth, 60);
      const even = await store.speedToLead(period);
      expect(even.medianMinutes).toBeCloseTo(30, 5);
      expect(even.contacted).toBe(4);
    });

    it("the median is exact: the middle of odd and even counts, to the millisecond, over days", async () => {
      const day = est(8, 9, 0); // Monday 8 March: a week of its own
      const period = { from: day.toISOString(), to: est(13, 0, 0).toISOString() };
      // Waits from a second and a quarter to three days and a bit, in milliseconds.
      const waits = [1_250, 61_999, 7_380_001, 86_400_000 + 3, 3 * 86_400_000 + 45_678, 59_001];
      const made = waits.map((_, i) => contactLead(new Date(day.getTime() + i * 7 * MIN)));
      for (const l of made) await leads.insert(l);
      const median = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        const mid = Math.floor((sorted.length - 1) / 2);
        return sorted.length % 2 ? sorted[mid]! : (sorted[mid]! + sorted[mid + 1]!) / 2;
      };
      for (const [i, l] of made.entries()) {
        await contact(l, waits[i]! / MIN);
        const got = await store.speedToLead(period);
        expect(got.contacted).toBe(i + 1);
        expect(got.medianMinutes! * 60).toBeCloseTo(median(waits.slice(0, i + 1)) / 1000, 6);
      }
    });

    it("a lead still new after 30 minutes of opening hours is queued for one reminder", async () => {
      const arrived = est(17, 10, 0); // Wednesday 17 March, 10:00
      const waiting = contactLead(arrived);
      const answered = contactLead(new Date(arrived.getTime() + MIN));
      for (const l of [waiting, answered]) await leads.insert(l);
      await contact(answered, 5);

      expect(await sweepReminders(store, RULES, est(17, 10, 20))).toBe(0);
      expect(await sweepReminders(store, RULES, est(17, 10, 31))).toBe(1);
      // Again, and from two servers at once: still one.
      const again = await Promise.all([
        sweepReminders(store, RULES, est(17, 10, 45)),
        sweepReminders(store, RULES, est(17, 10, 45)),
      ]);
      expect(again).toEqual([0, 0]);
      const rows = await leads.listNotifications(["pending", "sent", "failed"], waiting.id);
      expect(rows.map((r) => r.channel)).toEqual(["reminder"]);
      expect(await leads.listNotifications(["pending"], answered.id)).toEqual([]);
    });

    it("counts only the agency's hours: Friday 17:50 is due on Monday at 09:20, not at the weekend", async () => {
      const friday = contactLead(est(33, 17, 50));
      await leads.insert(friday);
      expect(await sweepReminders(store, RULES, est(33, 17, 59))).toBe(0);
      expect(await sweepReminders(store, RULES, est(34, 12, 0))).toBe(0); // Saturday: closed
      expect(await sweepReminders(store, RULES, est(36, 9, 15))).toBe(0); // 10 + 15 minutes
      expect(await sweepReminders(store, RULES, est(36, 9, 21))).toBe(1);
    });

    it("the reminder email goes to the assignee, else to the owners, and not after a contact", async () => {
      const owner = await issueLink(store, { email: `owner-${name}@agency.test`, role: "owner" });
      const helper = await issueLink(store, { email: `staff-${name}@agency.test`, role: "staff" });
      const smtp = await startSmtpReceiver();
      const worker = new OutboxWorker({
        store: async () => leads,
        deliverers: {
          reminder: reminderDeliverer(
            {
              smtpUrl: smtp.url,
              to: [EMAIL_TO],
              from: EMAIL_FROM,
              timeoutMs: 5_000,
              origin: "http://127.0.0.1",
            },
            async () => leads,
          ),
        },
        settings: { ...defaultOutboxSettings, pollMs: 50 },
        log: quiet,
        // The outbox's clock on the test's day, so the queued rows are due.
        now: () => est(45, 12, 0),
      });
      try {
        const assigned = contactLead(est(45, 11, 0), {
          fields: { name: "Ada Assigned", email: "a@x.test" },
        });
        const unassigned = contactLead(est(45, 11, 1), {
          fields: { name: "Uma Nobody", email: "u@x.test" },
        });
        const contactedLater = contactLead(est(45, 11, 2), { fields: { name: "Cole Called" } });
        for (const l of [assigned, unassigned, contactedLater]) await leads.insert(l);
        await store.assign(assigned.id, {
          assigneeId: helper.staff.id,
          eventId: newLeadId(),
          actorId: owner.staff.id,
          at: est(45, 11, 5).toISOString(),
          body: helper.staff.email,
        });
        expect(await sweepReminders(store, RULES, est(45, 11, 40))).toBe(3);
        await contact(contactedLater, 45);
        worker.start();
        await waitFor(
          async () => {
            const rows = await Promise.all(
              [assigned, unassigned, contactedLater].map((l) =>
                leads.listNotifications(["sent"], l.id),
              ),
            );
            return rows.every((r) => r.length === 1);
          },
          10_000,
          "the three reminders marked sent",
        );

        // (Earlier tests' queued reminders go out too; these three leads' are the ones looked at.)
        const ours = smtp.messages.filter((m) =>
          /Ada Assigned|Uma Nobody|Cole Called/.test(m.text),
        );
        expect(ours).toHaveLength(2);
        const toAssignee = smtp.messages.find((m) => m.text.includes("Ada Assigned"))!;
        expect(toAssignee.envelopeTo).toEqual([helper.staff.email]);
        expect(toAssignee.header("subject")).toMatch(/Ada Assigned is still waiting \(40 min/);
        expect(toAssignee.text).toContain(`/admin/leads/${assigned.id}`);
        // When it arrived, on the agency's clock (summer time by mid-April).
        expect(toAssignee.text).toContain("Arrived: Wed, Apr 14, 2027, 11:00 AM EDT");
        const toOwners = smtp.messages.find((m) => m.text.includes("Uma Nobody"))!;
        // Every owner of this store (other tests of this file may have made some).
        const owners = (await store.listStaff()).filter((s) => s.role === "owner");
        expect(toOwners.envelopeTo.sort()).toEqual(owners.map((o) => o.email).sort());
        expect(toOwners.envelopeTo).toContain(owner.staff.email);
        expect(smtp.messages.some((m) => m.text.includes("Cole Called"))).toBe(false);
      } finally {
        await worker.stop();
        await smtp.close();
      }
    });

    it("a logged call is the first contact, whatever its outcome; 'talked' moves a new lead; no reminder after a call", async () => {
      const arrived = est(59, 10, 0); // Wednesday 28 April
      const at = (minutes: number) => new Date(arrived.getTime() + minutes * MIN).toISOString();
      const unanswered = contactLead(arrived);
      const reached = contactLead(new Date(arrived.getTime() + MIN));
      for (const l of [unanswered, reached]) await leads.insert(l);
      const logCall = (l: LeadRecord, outcome: CallOutcome, minutes: number) =>
        store.logCall(l.id, { outcome, eventId: newLeadId(), actorId: null, at: at(minutes) });

      expect(await logCall(unanswered, "no_answer", 12)).toEqual({ moved: false });
      expect(await logCall(unanswered, "voicemail", 30)).toEqual({ moved: false });
      expect(await logCall(reached, "talked", 21)).toEqual({ moved: true });
      // Talking to a lead no longer new moves nothing.
      expect(await logCall(reached, "talked", 40)).toEqual({ moved: false });
      expect(
        await store.logCall("00000000-0000-7000-8000-000000000000", {
          outcome: "talked",
          eventId: newLeadId(),
          actorId: null,
          at: at(1),
        }),
      ).toBeNull();

      expect(await store.leadWork(unanswered.id)).toMatchObject({
        status: "new",
        firstContactedAt: at(12),
      });
      expect(await store.leadWork(reached.id)).toMatchObject({
        status: "contacted",
        statusAt: at(21),
        firstContactedAt: at(21),
      });
      expect(
        (await store.leadEvents(unanswered.id)).map((e) => [e.kind, e.body, e.status, e.at]),
      ).toEqual([
        ["call", "no_answer", null, at(12)],
        ["call", "voicemail", null, at(30)],
      ]);
      expect((await store.leadEvents(reached.id)).map((e) => [e.body, e.status])).toEqual([
        ["talked", "contacted"],
        ["talked", null],
      ]);
      // Speed to lead: 12 and 20 minutes; the unanswered lead is still new all the same.
      expect(
        await store.speedToLead({
          from: est(59, 0, 0).toISOString(),
          to: est(60, 0, 0).toISOString(),
        }),
      ).toEqual({ medianMinutes: 16, contacted: 2, waiting: 1 });
      // Someone is on it: no reminder for either.
      expect(await sweepReminders(store, RULES, est(59, 11, 0))).toBe(0);
    });
  });
}

await onBothStores("speed-to-lead", suite);
