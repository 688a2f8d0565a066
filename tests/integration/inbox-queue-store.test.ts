/**
 * The inbox as a work queue (issue 27) on the stores themselves, over a SQLite file and the real
 * PostgreSQL: tags (normalised, one of each per lead, capped, on the timeline, a filter, read with
 * each row, erased with the lead), the assignee filter ('me' and unassigned, with the keyset
 * cursor), saved views (per account, names unique as they read, capped) and bulk actions (the
 * single-lead rules per lead: timeline and audit rows, nothing changed on a refusal). On SQLite,
 * the plans of the assignee and tag filters use migration 24's indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyBulk, BULK_MAX, readBulk } from "../../src/admin/bulk";
import { inboxQuery, readFilters } from "../../src/admin/inbox";
import { eraseLead, eventText } from "../../src/admin/pipeline";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, InboxQuery, StaffRecord } from "../../src/admin/store/types";
import { addLeadTag, removeLeadTag, TAGS_PER_LEAD } from "../../src/admin/tags";
import { deleteInboxView, saveInboxView, VIEWS_PER_ACCOUNT } from "../../src/admin/views";
import type { Db } from "../../src/db/driver";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import { contactLead, onBothStores } from "./support";

const BASE = Date.UTC(2026, 5, 1, 12);

/** The shared driver both admin stores carry (src/db/driver.ts), for reading tables directly. */
const dbOf = (store: AdminStore) => (store as AdminStore & { db: Db }).db;

const lead = (i: number): LeadRecord =>
  contactLead(new Date(BASE + i * 60_000), {
    fields: { "full-name": `Queue Person ${i}`, email: `q${i}@queue.test`, message: "hi" },
    metadata: { page: "/contact-us" },
  });

await onBothStores("inbox-queue", (name, open, cleanup) => {
  describe(`inbox work queue on ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    let owner: StaffRecord;
    let helper: StaffRecord;
    const made: LeadRecord[] = [];
    /** This test's leads only (from/to), newest first. */
    const page = (over: Partial<InboxQuery>) =>
      store.inboxPage({
        spam: false,
        limit: 50,
        from: new Date(BASE).toISOString(),
        to: new Date(BASE + 100 * 60_000).toISOString(),
        ...over,
      });
    const ids = (rows: { lead: LeadRecord }[]) => rows.map((r) => r.lead.id);

    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
      const at = new Date(BASE).toISOString();
      owner = await store.ensureStaff({
        id: "queue-owner",
        email: "boss@queue.test",
        role: "owner",
        at,
      });
      helper = await store.ensureStaff({
        id: "queue-helper",
        email: "sam@queue.test",
        role: "staff",
        at,
      });
      for (let i = 0; i < 8; i++) {
        const l = lead(i);
        made.push(l);
        await leads.insert(l);
      }
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("tags a lead: lower-cased, spaces made one, once each, capped, on its timeline", async () => {
      const [a] = made;
      expect(await addLeadTag(store, a!.id, "  Roofing   Lead ", owner)).toEqual({ ok: true });
      // The same tag again changes nothing (no second row, no second event).
      expect(await addLeadTag(store, a!.id, "ROOFING LEAD", owner)).toEqual({ ok: true });
      expect(await addLeadTag(store, a!.id, "vip", helper)).toEqual({ ok: true });
      expect((await store.leadTags([a!.id])).get(a!.id)).toEqual(["roofing lead", "vip"]);

      for (const bad of ["", "   ", "x".repeat(33), "<script>", "a,b", "tab\there\u0000"]) {
        const result = await addLeadTag(store, a!.id, bad, owner);
        expect(result.ok, JSON.stringify(bad)).toBe(false);
        expect(result).toMatchObject({ status: 422 });
      }
      expect(await addLeadTag(store, "no-such-lead", "vip", owner)).toMatchObject({ status: 404 });

      const events = (await store.leadEvents(a!.id)).filter((e) => e.kind === "tag");
      expect(events.map((e) => [eventText(e), e.actorEmail])).toEqual([
        ["Tagged roofing lead", "boss@queue.test"],
        ["Tagged vip", "sam@queue.test"],
      ]);

      expect(await removeLeadTag(store, a!.id, "VIP", owner)).toEqual({ ok: true });
      expect(await removeLeadTag(store, a!.id, "vip", owner)).toMatchObject({ status: 422 });
      expect((await store.leadTags([a!.id])).get(a!.id)).toEqual(["roofing lead"]);
      expect(eventText((await store.leadEvents(a!.id)).at(-1)!)).toBe("Tag vip removed");

      // A lead carries TAGS_PER_LEAD tags at most.
      const b = made[1]!;
      for (let i = 0; i < TAGS_PER_LEAD; i++) {
        expect(await addLeadTag(store, b.id, `t${i}`, owner)).toEqual({ ok: true });
      }
      const full = await addLeadTag(store, b.id, "one more", owner);
      expect(full).toMatchObject({ ok: false, status: 422 });
      expect((await store.leadTags([b.id])).get(b.id)).toHaveLength(TAGS_PER_LEAD);
    });

    it("filters the list by a tag and reads each row's tags with it", async () => {
      const [a, , c] = made;
      await addLeadTag(store, c!.id, "roofing lead", owner);
      const tagged = await page({ tag: "roofing lead" });
      expect(ids(tagged)).toEqual([c!.id, a!.id]);
      expect(tagged.map((r) => r.tags)).toEqual([["roofing lead"], ["roofing lead"]]);
      expect(tagged[0]!.details?.tags).toEqual(["roofing lead"]);
      expect(await page({ tag: "nobody has this" })).toEqual([]);
      // The view's total counts the tag's leads alone, and with another filter (the list's
      // "N leads" above the rows).
      const query = (q: Partial<InboxQuery>) => ({
        ...inboxQuery(readFilters(new URLSearchParams()), null),
        ...q,
      });
      expect(await store.inboxTotal(query({ tag: "roofing lead" }), 100)).toBe(2);
      const kind = tagged[0]!.lead.kind;
      expect(await store.inboxTotal(query({ tag: "roofing lead", kind }), 100)).toBe(
        tagged.filter((r) => r.lead.kind === kind).length,
      );
      expect(await store.inboxTotal(query({ tag: "roofing lead", status: "won" }), 100)).toBe(0);
      expect(await store.inboxTotal(query({ tag: "nobody has this" }), 100)).toBe(0);
      // Read from the URL as the inbox does: the typed form of the tag finds it.
      const filters = readFilters(new URLSearchParams("tag=Roofing%20%20Lead"));
      expect(filters.tag).toBe("roofing lead");
      const fromUrl = await store.inboxPage({
        ...inboxQuery(filters, null),
        from: new Date(BASE).toISOString(),
      });
      expect(ids(fromUrl)).toEqual([c!.id, a!.id]);
    });

    it("filters by assignee ('me', unassigned) and pages with the cursor", async () => {
      const mine = [made[2]!, made[4]!, made[6]!];
      const bulk = await applyBulk(
        store,
        { action: "assign", ids: mine.map((l) => l.id) },
        form({ assignee: owner.id }),
        owner,
      );
      expect(bulk).toEqual({ ok: true, updated: 3 });
      const me = readFilters(new URLSearchParams("assignee=me"));
      const q = { ...inboxQuery(me, null, owner.id), from: new Date(BASE).toISOString() };
      expect(ids(await store.inboxPage(q))).toEqual([made[6]!.id, made[4]!.id, made[2]!.id]);
      // A page of two, then the rest from the cursor.
      const first = await store.inboxPage({ ...q, limit: 2 });
      expect(first).toHaveLength(3);
      const last = first[1]!.lead;
      const next = await store.inboxPage({
        ...q,
        limit: 2,
        before: { createdAt: last.createdAt, id: last.id },
      });
      expect(ids(next)).toEqual([made[2]!.id]);
      expect((await page({ assignee: helper.id })).length).toBe(0);
      const unassigned = await page({ assignee: null });
      expect(ids(unassigned).sort()).toEqual(
        made
          .filter((l) => !mine.includes(l))
          .map((l) => l.id)
          .sort(),
      );
      expect(first[0]!.details?.assignee).toBe("boss@queue.test");
      // Each assignment is on the lead's timeline, as the lead page's is.
      expect(
        (await store.leadEvents(made[2]!.id)).filter((e) => e.kind === "assign").map(eventText),
      ).toEqual(["Assigned to boss@queue.test"]);
    });

    it("bulk: each lead through the single-lead rules, audited; a refusal changes nothing", async () => {
      const two = [made[0]!.id, made[1]!.id];
      expect(
        await applyBulk(
          store,
          { action: "status", ids: two },
          form({ status: "contacted" }),
          owner,
        ),
      ).toEqual({ ok: true, updated: 2 });
      const statuses = await store.statusesOf(two);
      expect([...statuses.values()]).toEqual(["contacted", "contacted"]);
      const audited = (await store.listAudit(50)).filter(
        (e) => e.action === "lead_status" && two.includes(e.subject ?? ""),
      );
      expect(audited).toHaveLength(2);
      for (const id of two) {
        expect((await store.leadEvents(id)).some((e) => e.status === "contacted")).toBe(true);
      }

      // Lost needs a reason: refused before any lead changed.
      const lost = await applyBulk(
        store,
        { action: "status", ids: two },
        form({ status: "lost" }),
        owner,
      );
      expect(lost).toMatchObject({ ok: false, status: 422 });
      expect([...(await store.statusesOf(two)).values()]).toEqual(["contacted", "contacted"]);
      const badTag = await applyBulk(
        store,
        { action: "tag", ids: two },
        form({ tag: "<b>" }),
        owner,
      );
      expect(badTag).toMatchObject({ ok: false, status: 422 });
      const nobody = await applyBulk(
        store,
        { action: "assign", ids: two },
        form({ assignee: "no-such-account" }),
        owner,
      );
      expect(nobody).toMatchObject({ ok: false, status: 422 });

      // A tag in bulk: the lead already at its cap is left as it is, the other tagged.
      const tagged = await applyBulk(
        store,
        { action: "tag", ids: [made[3]!.id, made[1]!.id] },
        form({ tag: "Spring" }),
        owner,
      );
      expect(tagged).toEqual({ ok: true, updated: 1 });
      expect((await store.leadTags([made[3]!.id])).get(made[3]!.id)).toEqual(["spring"]);

      // Spam and back, each audited as the lead page's button is.
      expect(
        await applyBulk(
          store,
          { action: "spam", ids: [made[5]!.id, "gone-lead"] },
          form({}),
          owner,
        ),
      ).toEqual({ ok: true, updated: 1 });
      expect(ids(await page({ spam: true }))).toEqual([made[5]!.id]);
      await applyBulk(store, { action: "not-spam", ids: [made[5]!.id] }, form({}), owner);
      expect(await page({ spam: true })).toEqual([]);
      const spamAudit = (await store.listAudit(50)).filter((e) => e.subject === made[5]!.id);
      expect(spamAudit.map((e) => e.action).sort()).toEqual(["lead_not_spam", "lead_spam"]);
    });

    it("bulk requests: at most BULK_MAX leads, at least one, a known action", () => {
      const many = new FormData();
      many.set("action", "status");
      for (let i = 0; i <= BULK_MAX; i++) many.append("id", `lead-${i}`);
      expect(readBulk(many)).toMatchObject({ ok: false, status: 413 });
      expect(readBulk(form({ action: "status" }))).toMatchObject({ ok: false, status: 422 });
      expect(readBulk(form({ action: "drop-table", id: "a" }))).toMatchObject({ status: 422 });
      // 'Select all on this page': every id of the page, once.
      const all = form({ action: "spam", all: "1" });
      for (const id of ["a", "b", "a", "bad id!"]) all.append("page", id);
      all.append("id", "b");
      expect(readBulk(all)).toEqual({ ok: true, action: "spam", ids: ["b", "a"] });
    });

    it("saved views: per account, names unique as they read, capped, deleted by their owner", async () => {
      const saved = await saveInboxView(store, owner, {
        name: "  Roofing   this week ",
        query: "tag=Roofing+Lead&status=new&before=2026-01-01T00:00:00.000Z~x&junk=1",
      });
      expect(saved).toEqual({ ok: true, query: "status=new&tag=roofing+lead" });
      expect(
        await saveInboxView(store, owner, { name: "ROOFING THIS WEEK", query: "" }),
      ).toMatchObject({ ok: false, status: 422 });
      expect(await saveInboxView(store, owner, { name: "", query: "" })).toMatchObject({
        status: 422,
      });
      expect(await saveInboxView(store, owner, { name: "x".repeat(61), query: "" })).toMatchObject({
        status: 422,
      });
      // Another account may use the same name, and sees only its own.
      expect(
        await saveInboxView(store, helper, { name: "Roofing this week", query: "assignee=me" }),
      ).toMatchObject({ ok: true });
      const mine = await store.savedViews(owner.id);
      expect(mine.map((v) => [v.name, v.query])).toEqual([
        ["Roofing this week", "status=new&tag=roofing+lead"],
      ]);
      const theirs = await store.savedViews(helper.id);
      expect(theirs.map((v) => v.query)).toEqual(["assignee=me"]);
      // Nobody deletes another account's view.
      expect(await deleteInboxView(store, owner, theirs[0]!.id)).toMatchObject({ status: 404 });
      expect(await deleteInboxView(store, helper, theirs[0]!.id)).toEqual({ ok: true });
      expect(await store.savedViews(helper.id)).toEqual([]);

      for (let i = 1; i < VIEWS_PER_ACCOUNT; i++) {
        expect(await saveInboxView(store, owner, { name: `View ${i}`, query: "" })).toMatchObject({
          ok: true,
        });
      }
      expect(await saveInboxView(store, owner, { name: "One too many", query: "" })).toMatchObject({
        ok: false,
        status: 422,
      });
    });

    it("erasing a lead deletes its tags", async () => {
      const a = made[0]!;
      expect((await store.leadTags([a.id])).get(a.id)).toEqual(["roofing lead"]);
      expect(await eraseLead(store, a.id, owner)).toEqual({ ok: true });
      const rows = await dbOf(store).all("SELECT tag FROM lead_tags WHERE lead_id = $1", [a.id]);
      expect(rows).toEqual([]);
      expect(await store.leadTags([a.id])).toEqual(new Map());
    });

    it.skipIf(name !== "SQLite")(
      "SQLite plans: the assignee and tag filters use their indexes",
      async () => {
        const plan = async (where: string, params: string[]) =>
          (
            await dbOf(store).all<{ detail: string }>(
              `EXPLAIN QUERY PLAN SELECT id FROM leads WHERE spam = 0 AND completed_by IS NULL
             AND ${where} ORDER BY created_at DESC, id DESC LIMIT 51`,
              params,
            )
          )
            .map((r) => r.detail)
            .join("\n");
        expect(await plan("assignee_id = $1", [owner.id])).toMatch(/leads_assignee_created/);
        expect(await plan("assignee_id = $1", [owner.id])).not.toMatch(/TEMP B-TREE/);
        expect(
          await plan("id IN (SELECT lead_id FROM lead_tags WHERE tag = $1)", ["roofing lead"]),
        ).toMatch(/lead_tags_tag/);
        expect(
          await plan(
            "EXISTS (SELECT 1 FROM lead_tags t WHERE t.lead_id = leads.id AND t.tag = $1)",
            ["roofing lead"],
          ),
        ).toMatch(/leads_created_at[\s\S]*SEARCH t EXISTS USING PRIMARY KEY/);
      },
    );
  });
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}
