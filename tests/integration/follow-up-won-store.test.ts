/**
 * A won lead's open follow-up leaves 'Due today' (issue 39 §5), on a SQLite file and the real
 * PostgreSQL: the Due view and its count leave it out while the lead is won, and bring it back
 * if the lead is moved out of won (the follow-up itself is kept).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore } from "../../src/admin/store/types";
import { newLeadId } from "../../src/server/id";
import type { LeadStore } from "../../src/leads/store/types";
import { contactLead, onBothStores } from "./support";

const T = Date.parse("2031-05-06T15:00:00Z");
const at = (minutes: number) => new Date(T + minutes * 60_000).toISOString();

await onBothStores("follow-up-won", (name, open, cleanup) => {
  describe(`a won lead's follow-up on ${name}`, () => {
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

    it("leaves the Due view and its count while won, and comes back when moved out", async () => {
      const won = contactLead(new Date(T - 3_600_000));
      const open_ = contactLead(new Date(T - 3_500_000));
      for (const l of [won, open_]) {
        await leads.insert(l);
        await store.setFollowUp(l.id, {
          dueAt: at(-30),
          note: "call back",
          eventId: newLeadId(),
          actorId: "nobody",
          at: at(-120),
          body: "{}",
        });
      }
      const due = async () =>
        (await store.dueFollowUps({ before: at(0), limit: 50 }))
          .map((d) => d.lead.id)
          .filter((id) => id === won.id || id === open_.id);
      expect(await due()).toEqual([won.id, open_.id].sort((a, b) => (a < b ? -1 : 1)));
      const countBefore = await store.countDueFollowUps(at(0), 100);

      const move = (status: "won" | "qualified") =>
        store.setStatus(won.id, {
          status,
          lostReason: null,
          wonValueCents: status === "won" ? 125_000 : null,
          eventId: newLeadId(),
          actorId: null,
          at: at(-10),
        });
      expect(await move("won")).toBe(true);
      expect(await due()).toEqual([open_.id]);
      expect(await store.countDueFollowUps(at(0), 100)).toBe(countBefore - 1);
      // Kept, not deleted: its page still shows it, and it is due again once not won.
      expect((await store.followUp(won.id))?.note).toBe("call back");
      expect(await move("qualified")).toBe(true);
      expect(await due()).toContain(won.id);
      expect(await store.countDueFollowUps(at(0), 100)).toBe(countBefore);
    });
  });
});
