/**
 * The owner's settings in the store (issue 39 §3, decisions D234-D238), on a real SQLite file and
 * the real PostgreSQL:
 * - a change of time zone through the settings service moves the Performance report's lead
 *   days to the new clock at once (the roll-ups rebuilt in the same transaction), becomes the
 *   process's zone, and outlives a restart whose AGENCY_TIME_ZONE says otherwise;
 * - the other settings reach a second server (another service over the same database) on its
 *   next read, and a value that is not one of theirs reads as the default;
 * - new leads are given in turn to the chosen accounts, deactivated ones skipped, with a line on
 *   the lead's timeline; on PostgreSQL two servers assigning at once never take the same turn.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { funnelGroups } from "../../src/analytics/store/funnel";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import { adminStoreFor } from "../../src/admin/store/index";
import { createAgencySettings } from "../../src/leads/settings";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { agencyZone, setAgencyZone } from "../../src/lib/agencyZone";
import { formatAgencyTime } from "../../src/lib/formatAgencyTime";
import { contactLead, freshStore, postgresAvailable } from "./support";

const NEW_YORK = "America/New_York";
const CHICAGO = "America/Chicago";
/** 21:00 on 19 November in New York, 20:00 in Chicago, 02:00 on the 20th in UTC. */
const ARRIVED = "2026-11-20T02:00:00.000Z";

const lead = (createdAt: string, email = "nina@night.test"): LeadRecord =>
  contactLead(createdAt, {
    fields: { name: "Nina Night", email, message: "Call me tomorrow" },
    metadata: { page: "/", landingPage: "/" },
  });

const settingsOver = (leads: LeadStore, timeZone: string) =>
  createAgencySettings({
    connection: async () => leads.connection,
    defaults: { timeZone, noticeTo: ["desk@agency.test"] },
  });

const byDay = async (leads: LeadStore) =>
  (await funnelGroups(analyticsStoreFor(leads).db, "2026-01-01", "2026-12-31", ["day"]))
    .map((g) => [g.day, g.leads])
    .sort();

const processZone = agencyZone();
afterEach(() => setAgencyZone(processZone));

type Fresh = () => ReturnType<typeof freshStore>;

async function onBoth(label: string, suite: (name: string, fresh: Fresh) => void) {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  const fresh = (driver: "sqlite" | "postgres") => () => {
    const store = freshStore(driver, label);
    cleanups.push(store.cleanup);
    return store;
  };
  suite("SQLite", fresh("sqlite"));
  const pg = await postgresAvailable();
  describe.skipIf(!pg)("PostgreSQL", () => {
    suite("PostgreSQL", fresh("postgres"));
  });
}

async function staffOf(leads: LeadStore, at: string) {
  const admin = adminStoreFor(leads);
  const ann = await admin.ensureStaff({
    id: "st-ann",
    email: "ann@agency.test",
    role: "owner",
    at,
  });
  const bob = await admin.ensureStaff({
    id: "st-bob",
    email: "bob@agency.test",
    role: "staff",
    at,
  });
  const cy = await admin.ensureStaff({ id: "st-cy", email: "cy@agency.test", role: "staff", at });
  return { admin, ann, bob, cy };
}

await onBoth("settings", (name, fresh) => {
  describe(`the owner's settings: ${name}`, () => {
    it("a change of zone moves the report's days at once and outlives a restart", async () => {
      const place = fresh();
      let leads = await place.open("UTC");
      try {
        await leads.insert(lead(ARRIVED));
        await leads.insert(lead("2026-07-01T03:30:00.000Z"));
        expect(await byDay(leads)).toEqual([
          ["2026-07-01", 1],
          ["2026-11-20", 1],
        ]);
        const settings = settingsOver(leads, "UTC");
        await settings.refresh();
        expect(settings.current().timeZone).toBe("UTC");
        await settings.save({ timeZone: NEW_YORK }, "st-ann");
        expect(settings.current().timeZone).toBe(NEW_YORK);
        expect(agencyZone()).toBe(NEW_YORK);
        expect(formatAgencyTime(ARRIVED)).toBe("Thu, Nov 19, 2026, 9:00 PM EST");
        expect(await byDay(leads)).toEqual([
          ["2026-06-30", 1],
          ["2026-11-19", 1],
        ]);
        // New leads count on the new clock straight away.
        await leads.insert(lead("2026-11-20T04:30:00.000Z"));
        expect(await byDay(leads)).toEqual([
          ["2026-06-30", 1],
          ["2026-11-19", 2],
        ]);
        await leads.close();

        // A restart with AGENCY_TIME_ZONE=UTC: the owner's zone wins, nothing is recounted on UTC.
        setAgencyZone("UTC");
        leads = await place.open("UTC");
        expect(await byDay(leads)).toEqual([
          ["2026-06-30", 1],
          ["2026-11-19", 2],
        ]);
        const restarted = settingsOver(leads, "UTC");
        await restarted.refresh();
        expect(restarted.current().timeZone).toBe(NEW_YORK);
        expect(restarted.current().changed.timeZone?.by).toBe("st-ann");
        expect(agencyZone()).toBe(NEW_YORK);

        // Chicago: the same leads on an hour-earlier clock.
        await restarted.save({ timeZone: CHICAGO }, "st-ann");
        expect(formatAgencyTime(ARRIVED)).toBe("Thu, Nov 19, 2026, 8:00 PM CST");
        expect(await byDay(leads)).toEqual([
          ["2026-06-30", 1],
          ["2026-11-19", 2],
        ]);
      } finally {
        await leads.close();
      }
    });

    it("settings saved by one server reach another on its next read; bad values read as defaults", async () => {
      const place = fresh();
      const leads = await place.open("UTC");
      try {
        const one = settingsOver(leads, "UTC");
        const two = settingsOver(leads, "UTC");
        expect((await two.refresh()).noticeTo).toEqual(["desk@agency.test"]);
        expect(two.current()).toMatchObject({
          confirmationEmails: true,
          assignment: { mode: "none" },
          requireSecondFactor: false,
        });
        await one.save(
          {
            noticeTo: ["sales@agency.test", "owner@agency.test"],
            confirmationEmails: false,
            assignment: { mode: "round-robin", staff: ["st-bob", "st-cy"] },
            requireSecondFactor: true,
          },
          "st-ann",
        );
        // Not yet read by the second server…
        expect(two.current().noticeTo).toEqual(["desk@agency.test"]);
        // …and on its next read (every few seconds, or now):
        expect(await two.refresh()).toMatchObject({
          noticeTo: ["sales@agency.test", "owner@agency.test"],
          confirmationEmails: false,
          assignment: { mode: "round-robin", staff: ["st-bob", "st-cy"] },
          requireSecondFactor: true,
        });
        // A row that is not one of the setting's values (hand-edited): the default, not a crash.
        await leads.connection.db.run(
          "UPDATE agency_settings SET value = $1 WHERE key = 'notice.to'",
          ['["not an address"]'],
        );
        await leads.connection.db.run(
          "UPDATE agency_settings SET value = $1 WHERE key = 'lead.assignment'",
          ["{oops"],
        );
        expect(await two.refresh()).toMatchObject({
          noticeTo: ["desk@agency.test"],
          assignment: { mode: "none" },
          confirmationEmails: false,
        });
      } finally {
        await leads.close();
      }
    });

    it("new leads go in turn to the chosen accounts, deactivated ones skipped", async () => {
      const place = fresh();
      const leads = await place.open("UTC");
      try {
        const at = "2026-11-20T10:00:00.000Z";
        const { admin, ann, bob, cy } = await staffOf(leads, at);
        const chosen = [ann.id, bob.id, cy.id];
        const given: (string | null)[] = [];
        for (let i = 0; i < 6; i++) {
          const l = lead(`2026-11-20T10:0${i}:00.000Z`, `p${i}@x.test`);
          await leads.insert(l);
          given.push(await leads.assignInTurn(l.id, chosen, new Date(l.createdAt)));
        }
        // Ordered by id: st-ann, st-bob, st-cy, then again.
        expect(given).toEqual([ann.id, bob.id, cy.id, ann.id, bob.id, cy.id]);
        expect(await admin.setActive(bob.id, false, at)).toBe("done");
        const after: (string | null)[] = [];
        for (let i = 0; i < 4; i++) {
          const l = lead(`2026-11-20T11:0${i}:00.000Z`, `q${i}@x.test`);
          await leads.insert(l);
          after.push(await leads.assignInTurn(l.id, chosen, new Date(l.createdAt)));
        }
        expect(after).not.toContain(bob.id);
        expect(after.filter((id) => id === ann.id)).toHaveLength(2);
        expect(after.filter((id) => id === cy.id)).toHaveLength(2);
        // The lead's timeline says who it went to; a lead someone has already is left alone.
        const first = (await leads.list({ order: "oldest-first" }))[0]!;
        const events = await admin.leadEvents(first.id);
        expect(events.map((e) => [e.kind, e.body, e.actorId])).toEqual([
          ["assign", "ann@agency.test", null],
        ]);
        expect(await leads.assignInTurn(first.id, chosen, new Date())).toBeNull();
        expect((await admin.leadWork(first.id))?.assigneeId).toBe(ann.id);
        // Nobody active among the chosen: the lead waits.
        const l = lead("2026-11-20T12:00:00.000Z", "z@x.test");
        await leads.insert(l);
        expect(await leads.assignInTurn(l.id, [bob.id], new Date())).toBeNull();
      } finally {
        await leads.close();
      }
    });
  });
});

const pg = await postgresAvailable();
describe.skipIf(!pg)("round-robin across two servers on one PostgreSQL", () => {
  it("two servers assigning 60 leads at once hand out every turn once, evenly", async () => {
    const place = freshStore("postgres", "settingsrr");
    const one = await place.open("UTC");
    const two = await place.open("UTC");
    try {
      const at = "2026-11-20T10:00:00.000Z";
      const { ann, bob, cy } = await staffOf(one, at);
      const chosen = [ann.id, bob.id, cy.id];
      const made = Array.from({ length: 60 }, (_, i) =>
        lead(new Date(Date.parse(at) + i * 1000).toISOString(), `r${i}@x.test`),
      );
      for (const l of made) await one.insert(l);
      // Each server takes every other lead, all at once: 60 transactions racing for the counter.
      const given = await Promise.all(
        made.map((l, i) => (i % 2 ? two : one).assignInTurn(l.id, chosen, new Date())),
      );
      expect(given.every((id) => id !== null)).toBe(true);
      const counts = Object.fromEntries(
        chosen.map((id) => [id, given.filter((g) => g === id).length]),
      );
      expect(counts).toEqual({ [ann.id]: 20, [bob.id]: 20, [cy.id]: 20 });
      const turn = await one.connection.db.one<{ turn: string }>(
        "SELECT turn FROM lead_assignment_turns WHERE id = 1",
      );
      expect(Number(turn?.turn)).toBe(60);
    } finally {
      await one.close();
      await two.close();
      await place.cleanup();
    }
  });
});
