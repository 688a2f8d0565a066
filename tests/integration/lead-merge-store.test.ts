/**
 * Merging the same person's leads and undoing it (issue 39 §3, migration 38) in the store, on a
 * temporary SQLite file and the real PostgreSQL: the merged lead leaves the inbox's page, count
 * and the report's roll-ups (counted once), its timeline is read beside the kept lead's, the kept
 * lead's missing fields are filled and its search entry follows them (PostgreSQL rewrites the
 * indexed text in place), its follow-up moves over; undo within 24 hours restores both leads,
 * their search entries, the roll-ups and the follow-up exactly, and later it is refused; two
 * merges of one pair the opposite ways at once leave one merge; erasing the kept lead erases the
 * merged one. The HTTP side: lead-merge-http.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeLead, undoMerge } from "../../src/admin/merges";
import { eraseLead } from "../../src/admin/pipeline";
import type { AdminStore, StaffRecord } from "../../src/admin/store/types";
import type { Db } from "../../src/db/driver";
import { newLeadId } from "../../src/server/id";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { contactLead, onBothStores, rollupFixture } from "./support";

const HOUR = 3_600_000;

await onBothStores("lead-merge", (name, open, cleanup) => {
  describe(`merging leads: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    let db: Db;
    let ann: StaffRecord;
    const indexSearch = () =>
      (leads as LeadStore & { indexSearch(): Promise<number> }).indexSearch();
    beforeAll(async () => {
      leads = await open();
      ({ store, db, ann } = await rollupFixture(leads));
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    /** The report's leads from its roll-ups, folded or not (PostgreSQL's view adds the marks). */
    const funnelLeads = async () =>
      Number(
        (
          await db.one<{ n: unknown }>(
            `SELECT coalesce(sum(leads), 0) AS n FROM
               (SELECT leads FROM lead_funnel UNION ALL SELECT leads FROM lead_funnel_deltas) t`,
          )
        )?.n ?? 0,
      );
    const inbox = async (search?: string) =>
      (await store.inboxPage({ spam: false, limit: 50, search })).map((r) => r.lead.id);

    /** Two leads of one person: the kept one without phone, company or website. */
    async function pair(tag: string, at: Date): Promise<{ kept: LeadRecord; merged: LeadRecord }> {
      const kept = contactLead(at, {
        fields: { "full-name": `Pia ${tag}`, email: `pia.${tag}@merge.test`, message: "Hello" },
      });
      const merged = contactLead(new Date(at.getTime() + 60_000), {
        fields: {
          "full-name": `Pia ${tag}`,
          email: `PIA.${tag}@merge.test`,
          phone: "+15125550188",
          company: `Pavers${tag}`,
          website: `https://${tag}pavers.example`,
          message: "Again",
        },
      });
      await leads.insert(kept);
      await leads.insert(merged);
      return { kept, merged };
    }

    it("merges and undoes exactly: inbox, count, roll-ups, fields, search, follow-up, timeline", async () => {
      const at = new Date(Date.now() - 2 * HOUR);
      const before = await funnelLeads();
      const { kept, merged } = await pair("alpha", at);
      await store.addNote(merged.id, {
        eventId: newLeadId(),
        actorId: ann.id,
        at: at.toISOString(),
        body: "Wants pavers in spring",
      });
      const due = new Date(Date.now() + 48 * HOUR).toISOString();
      await store.setFollowUp(merged.id, {
        dueAt: due,
        note: "Quote",
        eventId: newLeadId(),
        actorId: ann.id,
        at: at.toISOString(),
        body: JSON.stringify({ action: "set", due, note: "Quote" }),
      });
      // Both indexed, so the kept lead's entry must follow its new fields.
      await indexSearch();
      expect(await funnelLeads()).toBe(before + 2);
      expect(await inbox("pavers")).toEqual([merged.id]);

      const now = new Date();
      expect(await mergeLead(store, kept.id, merged.id, ann, now)).toEqual({ ok: true });
      expect(await inbox()).toContain(kept.id);
      expect(await inbox()).not.toContain(merged.id);
      expect(await store.inboxTotal({ spam: false, limit: 50, search: "pia" }, 100)).toBe(1);
      expect(await funnelLeads()).toBe(before + 1);
      expect((await leads.get(kept.id))?.fields).toEqual({
        ...kept.fields,
        phone: "+15125550188",
        company: "Pavers" + "alpha",
        website: "https://alphapavers.example",
      });
      // The kept lead is found by what it was given; the merged one is found no more.
      expect(await inbox("alphapavers")).toEqual([kept.id]);
      expect(await inbox("5550188")).toEqual([kept.id]);
      expect((await store.followUp(kept.id))?.note).toBe("Quote");
      expect(await store.followUp(merged.id)).toBeNull();
      const events = await store.mergedLeadEvents(kept.id);
      expect(events.map((e) => [e.leadId, e.kind, e.body])).toContainEqual([
        merged.id,
        "note",
        "Wants pavers in spring",
      ]);
      const [merge] = await store.leadMerges(kept.id);
      expect(merge).toMatchObject({
        mergedId: merged.id,
        keptId: kept.id,
        mergedByEmail: "ann@agency.test",
        lead: { id: merged.id },
      });
      expect((await store.mergedInto(merged.id))?.keptId).toBe(kept.id);
      const log = await store.listAudit({ action: "lead_merge", limit: 5 });
      expect(log[0]).toMatchObject({
        subject: kept.id,
        actorId: ann.id,
        detail: { merged: merged.id, filled: ["phone", "company", "website"] },
      });

      // Undo an hour later: both as they were.
      expect(
        await undoMerge(store, kept.id, merged.id, ann, new Date(now.getTime() + HOUR)),
      ).toEqual({ ok: true });
      expect((await leads.get(kept.id))?.fields).toEqual(kept.fields);
      expect((await leads.get(merged.id))?.completedBy).toBeUndefined();
      expect(await inbox()).toEqual(expect.arrayContaining([kept.id, merged.id]));
      expect(await inbox("alphapavers")).toEqual([merged.id]);
      expect(await funnelLeads()).toBe(before + 2);
      expect(await store.followUp(kept.id)).toBeNull();
      expect((await store.followUp(merged.id))?.note).toBe("Quote");
      expect(await store.mergedLeadEvents(kept.id)).toEqual([]);
      expect(await store.leadMerges(kept.id)).toEqual([]);
    });

    it("refuses an undo after 24 hours, a stranger, and a second merge of the same pair", async () => {
      const { kept, merged } = await pair("bravo", new Date(Date.now() - HOUR));
      const now = new Date();
      expect(await mergeLead(store, kept.id, merged.id, ann, now)).toEqual({ ok: true });
      const late = new Date(now.getTime() + 24 * HOUR + 1_000);
      expect(await undoMerge(store, kept.id, merged.id, ann, late)).toMatchObject({
        ok: false,
        status: 409,
      });
      expect(await inbox()).not.toContain(merged.id);

      const stranger = contactLead(new Date(), {
        fields: { "full-name": "Sol", email: "sol@else.test", message: "Hi" },
      });
      await leads.insert(stranger);
      expect(await mergeLead(store, kept.id, stranger.id, ann)).toMatchObject({ status: 422 });
      expect(await mergeLead(store, kept.id, merged.id, ann)).toMatchObject({ status: 409 });
    });

    it("two merges of one pair the opposite ways at once: one merge", async () => {
      const { kept, merged } = await pair("charlie", new Date(Date.now() - HOUR));
      const results = await Promise.all([
        mergeLead(store, kept.id, merged.id, ann),
        mergeLead(store, merged.id, kept.id, ann),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const shown = await inbox();
      expect([kept.id, merged.id].filter((id) => shown.includes(id))).toHaveLength(1);
    });

    it("erasing the kept lead erases the merged one and the merge", async () => {
      const { kept, merged } = await pair("delta", new Date(Date.now() - HOUR));
      const before = await funnelLeads();
      expect(await mergeLead(store, kept.id, merged.id, ann)).toEqual({ ok: true });
      const owner = { ...ann, role: "owner" as const };
      expect(await eraseLead(store, kept.id, owner)).toEqual({ ok: true });
      expect(await leads.get(kept.id)).toBeNull();
      expect(await leads.get(merged.id)).toBeNull();
      expect(await store.mergedInto(merged.id)).toBeNull();
      expect(await funnelLeads()).toBe(before - 2);
    });
  });
});
