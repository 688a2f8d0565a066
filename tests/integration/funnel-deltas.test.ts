/**
 * The lead roll-ups under concurrent intake (issues 25/27, decision D208), on a real SQLite file
 * and the real PostgreSQL: the triggers append each lead change to lead_funnel_deltas and folds
 * move them into lead_funnel and lead_stages. With leads arriving and turning won, then being
 * erased, while folds run beside them, the report's figures (totals, per page, pipeline) are exact
 * before the last fold and after it, nothing is counted twice, and the log is empty once folded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "../../src/admin/pipeline";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, StaffRecord } from "../../src/admin/store/types";
import { funnelGroups, funnelTotals, stageDays } from "../../src/analytics/store/funnel";
import { analyticsStoreFor } from "../../src/analytics/store/index";
import {
  FOLD_ON_READ,
  foldLeadFunnel,
  foldLeadFunnelOutside,
} from "../../src/leads/store/funnelFold";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import type { Db } from "../../src/db/driver";
import { newLeadId } from "../../src/server/id";
import { contactLead, onBothStores } from "./support";

/** Noon UTC: the same date on the agency's clock (New York) and on UTC. */
const DAYS = ["2026-03-02", "2026-03-03", "2026-03-04"];
const PAGES = ["/", "/pricing", "/contact"];

function lead(i: number): LeadRecord {
  const spam = i % 11 === 0;
  return contactLead(`${DAYS[i % DAYS.length]}T12:00:${String(i % 60).padStart(2, "0")}.000Z`, {
    spam,
    fields: { name: "Dee Delta", email: `dee${i}@delta.test`, message: "A quote" },
    metadata: {
      page: PAGES[i % PAGES.length]!,
      // Every fourth lead came without JavaScript: no counted visit.
      landingPage: i % 4 === 0 ? null : "/",
      spamReasons: spam ? ["honeypot"] : [],
    },
  });
}

const countDeltas = async (db: Db) =>
  Number((await db.one<{ n: unknown }>("SELECT count(*) AS n FROM lead_funnel_deltas"))?.n ?? 0);

await onBothStores("funnel-deltas", (name, open, cleanup) => {
  describe(`lead roll-ups folded beside concurrent intake: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    let db: Db;
    let ann: StaffRecord;
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      db = analyticsStoreFor(leads).db;
      ann = await store.ensureStaff({
        id: newLeadId(),
        email: "ann@agency.test",
        role: "staff",
        at: new Date().toISOString(),
      });
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("counts every lead exactly once, before and after the last fold", async () => {
      const all = Array.from({ length: 240 }, (_, i) => lead(i));
      let folded = 0;
      // Each lead arrives; every fifth is then won for $100 + i; a fold runs after every sixth
      // arrival, so folds, inserts and updates overlap.
      await Promise.all(
        all.map(async (l, i) => {
          await leads.insert(l);
          if (i % 5 === 0) {
            const r = await changeStatus(store, l.id, { status: "won", value: `${100 + i}` }, ann);
            expect(r.ok).toBe(true);
          }
          if (i % 6 === 0) {
            const moved = await foldLeadFunnel(db);
            folded += moved;
          }
        }),
      );
      // Then every thirteenth is erased, with folds beside the erasures. (PostgreSQL's search
      // indexer is drained first: it and an erasure of a lead it is indexing can deadlock, a
      // separate matter from the roll-ups.)
      await (leads as { indexSearch?: () => Promise<number> }).indexSearch?.();
      await Promise.all(
        all.map(async (l, i) => {
          if (i % 13 === 0) await store.eraseLead(l.id);
          if (i % 7 === 0) {
            const moved = await foldLeadFunnel(db);
            folded += moved;
          }
        }),
      );
      expect(folded).toBeGreaterThan(0);

      const kept = all.map((l, i) => ({ l, i })).filter(({ l, i }) => !l.spam && i % 13 !== 0);
      const won = kept.filter(({ i }) => i % 5 === 0);
      const expected = {
        leads: kept.length,
        counted: kept.filter(({ l }) => l.metadata.landingPage !== null).length,
        // A won lead was contacted (first_contacted_at is set by the status change).
        contacted: won.length,
        won: won.length,
        wonCents: won.reduce((sum, { i }) => sum + (100 + i) * 100, 0),
      };
      const perPage = PAGES.map((page) => ({
        page,
        leads: kept.filter(({ l }) => l.metadata.page === page).length,
      }));
      const stages = DAYS.flatMap((day) =>
        ["new", "won"].map((status) => ({
          day,
          status,
          leads: kept.filter(
            ({ l, i }) => l.createdAt.startsWith(day) && (i % 5 === 0 ? "won" : "new") === status,
          ).length,
        })),
      );
      const figures = async () => ({
        totals: await funnelTotals(db, DAYS[0]!, DAYS.at(-1)!),
        pages: (await funnelGroups(db, DAYS[0]!, DAYS.at(-1)!, ["page"]))
          .reduce<{ page: string; leads: number }[]>((acc, g) => {
            const row = acc.find((r) => r.page === g.page);
            if (row) row.leads += g.leads;
            else acc.push({ page: g.page ?? "", leads: g.leads });
            return acc;
          }, [])
          .sort((a, b) => PAGES.indexOf(a.page) - PAGES.indexOf(b.page)),
        stages: (await stageDays(db, DAYS[0]!, DAYS.at(-1)!)).sort(
          (a, b) => a.day.localeCompare(b.day) || a.status.localeCompare(b.status),
        ),
      });

      // Some changes are still in the log: read together with the roll-ups, exact already.
      expect(await figures()).toEqual({ totals: expected, pages: perPage, stages });
      await foldLeadFunnel(db);
      expect(await countDeltas(db)).toBe(0);
      expect(await figures()).toEqual({ totals: expected, pages: perPage, stages });
      // A fold with nothing to fold changes nothing.
      expect(await foldLeadFunnel(db)).toBe(0);
      expect(await figures()).toEqual({ totals: expected, pages: perPage, stages });
    });

    it("a fold on read moves a log of FOLD_ON_READ rows or more (then VACUUMs it on PostgreSQL)", async () => {
      const before = await funnelTotals(db, "2026-04-01", "2026-04-01");
      const many = Array.from({ length: FOLD_ON_READ }, (_, i) =>
        contactLead(`2026-04-01T12:00:00.${String(i % 1000).padStart(3, "0")}Z`, {
          fields: { name: "Fay Fold", email: `fay${i}@fold.test`, message: "A quote" },
        }),
      );
      for (let i = 0; i < many.length; i += 100)
        await Promise.all(many.slice(i, i + 100).map((l) => leads.insert(l)));
      expect(await countDeltas(db)).toBeGreaterThanOrEqual(FOLD_ON_READ);
      // Fewer rows than asked for: nothing is folded.
      expect(await foldLeadFunnelOutside(db, 10 * FOLD_ON_READ)).toBe(0);
      expect(await foldLeadFunnelOutside(db, FOLD_ON_READ)).toBeGreaterThanOrEqual(FOLD_ON_READ);
      expect(await countDeltas(db)).toBe(0);
      const after = await funnelTotals(db, "2026-04-01", "2026-04-01");
      expect(after.leads - before.leads).toBe(FOLD_ON_READ);
    });
  });
});
