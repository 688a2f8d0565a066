/**
 * Merging the same person's leads (issue 39 §3) and finding a lead by its website (§5) on the
 * real built server over SQLite, as a browser without JavaScript uses it (plain form posts from
 * the lead's page, redirects not followed). A merge hides the other lead from the inbox (listed,
 * searched and counted once, in the report's roll-ups too), shows its timeline on the kept lead
 * marked with where it came from, fills the kept lead's missing phone, company and website,
 * brings its follow-up along and is in the audit log; 'Undo merge' restores both exactly; a
 * merge older than 24 hours (aged in the store: no sleeping) can no longer be undone; refusals
 * are 4xx with a message; erasing the kept lead erases the merged one. The store's side on
 * PostgreSQL: lead-merge-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ownerSession,
  postJson,
  serverStore,
  startServer,
  storeQuery,
  type RunningServer,
} from "./support";

describe("merging the same person's leads over HTTP on sqlite", () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;
  let cookie = "";
  const OWNER = "merge.owner@example.test";

  beforeAll(async () => {
    const store = serverStore("sqlite", "lead-merge-http");
    cleanup = store.cleanup;
    env = store.env;
    server = await startServer({ ...store.env, LOG_LEVEL: "warn", LEADS_RATE_LIMIT: "off" });
    cookie = await ownerSession(server, store.env, OWNER);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  const send = async (fields: Record<string, string>) => {
    const res = await postJson(server.url, { _t: "9000", ...fields });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
    return { status: res.status, html: await res.text() };
  };
  const page = async (id: string) => (await get(`/admin/leads/${id}`)).html;
  const post = (path: string, fields: Record<string, string>, headers = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        cookie,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const rowIds = (html: string) => [...html.matchAll(/data-lead-id="([^"]+)"/g)].map((m) => m[1]!);
  const timeline = (html: string) => html.split("data-timeline")[1] ?? "";
  const rows = async <T>(sql: string) => {
    const q = storeQuery("sqlite", env);
    try {
      return await q.rows<T>(sql);
    } finally {
      await q.close();
    }
  };
  const fieldsOf = async (id: string) =>
    JSON.parse(
      (await rows<{ fields: string }>(`SELECT fields FROM leads WHERE id = '${id}'`))[0]!.fields,
    ) as Record<string, string>;
  /** The report's lead count from its roll-ups (folded, and not folded yet). */
  const funnelLeads = async () =>
    Number(
      (
        await rows<{ n: number }>(
          `SELECT coalesce(sum(leads), 0) AS n FROM
             (SELECT leads FROM lead_funnel UNION ALL SELECT leads FROM lead_funnel_deltas)`,
        )
      )[0]!.n,
    );

  /** A contact lead without phone or company, and a growth lead of the same person with both. */
  const pair = async (email: string, company: string, website: string) => {
    const kept = await send({
      _form: "contact",
      "full-name": "Mona Merge",
      email,
      message: "Please call me back.",
    });
    const merged = await send({
      _form: "growth",
      name: "Mona Merge",
      email: email.toUpperCase(),
      phone: "+15125550177",
      company,
      website,
    });
    return { kept, merged };
  };

  it("merges, shows both timelines, fills fields, counts once, and undo restores both", async () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const before = await funnelLeads();
    const { kept, merged } = await pair(
      "mona@merge.test",
      "Mona Mowing",
      "https://monamow.example/",
    );
    expect(await funnelLeads()).toBe(before + 2);
    const keptFields = await fieldsOf(kept);
    // The other lead's work: a note, a tag and an open follow-up.
    for (const fields of [
      { action: "note", note: "Prefers mornings" } as Record<string, string>,
      { action: "tag-add", tag: "hardscape" },
      { action: "follow-up", date: inTenDays, time: "09:30", note: "Send the quote" },
    ]) {
      expect((await post(`/admin/leads/${merged}`, fields)).status).toBe(303);
    }
    expect(rowIds((await get("/admin")).html)).toEqual(expect.arrayContaining([kept, merged]));

    // The kept lead's page offers the merge beside the other lead.
    const offer = await page(kept);
    expect(offer).toContain("Merge into this lead");
    expect(offer).toMatch(new RegExp(`<option value="${merged}"`));

    const res = await post(`/admin/leads/${kept}`, { action: "merge", merged });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/leads/${kept}?saved=merge`);

    const after = (await get(`/admin/leads/${kept}?saved=merge`)).html;
    expect(after).toContain("Merged. The other lead");
    expect(after).toContain("Merged into this lead");
    expect(after).toContain("Undo merge");
    // Its timeline is here, marked with where it came from.
    const lines = timeline(after);
    expect(lines).toContain("Prefers mornings");
    expect(lines).toContain("Tagged hardscape");
    expect(lines).toMatch(/data-origin[^>]*>From the merged Growth/);
    // The missing phone, company and website are filled (a Call button, the website's link).
    expect(after).toContain('href="tel:+15125550177"');
    expect(after).toContain("Company (from a merged lead)");
    expect(after).toContain("monamow.example");
    expect(await fieldsOf(kept)).toEqual({
      ...keptFields,
      phone: "+15125550177",
      company: "Mona Mowing",
      website: "https://monamow.example/",
    });
    // Its follow-up came along (the kept lead had none).
    expect(
      await rows<{ lead_id: string }>(
        `SELECT lead_id FROM lead_follow_ups WHERE lead_id IN ('${kept}', '${merged}')`,
      ),
    ).toEqual([{ lead_id: kept }]);

    // Hidden from the inbox, its list, search and count; counted once in the report.
    const inbox = rowIds((await get("/admin")).html);
    expect(inbox).toContain(kept);
    expect(inbox).not.toContain(merged);
    expect(rowIds((await get("/admin?q=mona+mowing")).html)).toEqual([kept]);
    expect(await funnelLeads()).toBe(before + 1);

    // The merged lead's own page says where it went and takes no work.
    const hidden = await page(merged);
    expect(hidden).toContain("data-merged-into");
    expect(hidden).toContain(`href="/admin/leads/${kept}"`);
    const refused = await post(`/admin/leads/${merged}`, { action: "note", note: "x" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This lead is merged into another lead");

    const audit = (await get("/admin/audit?action=lead_merge")).html;
    expect(audit).toContain("Leads merged");
    expect(audit).toContain("Mona Merge");

    // Undo: both as they were.
    const undo = await post(`/admin/leads/${kept}`, { action: "unmerge", merged });
    expect(undo.status).toBe(303);
    expect(undo.headers.get("location")).toBe(`/admin/leads/${kept}?saved=unmerge`);
    expect((await get(`/admin/leads/${kept}?saved=unmerge`)).html).toContain("Merge undone");
    expect(await fieldsOf(kept)).toEqual(keptFields);
    expect(timeline(await page(kept))).not.toContain("Prefers mornings");
    expect(rowIds((await get("/admin")).html)).toEqual(expect.arrayContaining([kept, merged]));
    expect(rowIds((await get("/admin?q=mona+mowing")).html)).toEqual([merged]);
    expect(await funnelLeads()).toBe(before + 2);
    expect(
      await rows<{ lead_id: string }>(
        `SELECT lead_id FROM lead_follow_ups WHERE lead_id IN ('${kept}', '${merged}')`,
      ),
    ).toEqual([{ lead_id: merged }]);
    expect(await page(merged)).not.toContain("data-merged-into");
    expect((await get("/admin/audit?action=lead_unmerge")).html).toContain("Merge undone");
  });

  it("a merge older than 24 hours can no longer be undone", async () => {
    const { kept, merged } = await pair("otto@merge.test", "Otto Oaks", "ottooaks.example");
    expect((await post(`/admin/leads/${kept}`, { action: "merge", merged })).status).toBe(303);
    expect(await page(kept)).toContain("Undo merge");
    // The store's clock for this merge: a day and a minute ago.
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 60_000).toISOString();
    await rows(`UPDATE lead_merges SET merged_at = '${dayAgo}' WHERE merged_id = '${merged}'`);
    const old = await page(kept);
    expect(old).not.toContain("Undo merge");
    expect(old).toContain("More than 24 hours ago");
    const late = await post(`/admin/leads/${kept}`, { action: "unmerge", merged });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("more than 24 hours old");
    expect(rowIds((await get("/admin")).html)).not.toContain(merged);
  });

  it("refuses what it cannot merge with a 4xx and a message, and a post from another site", async () => {
    const { kept, merged } = await pair("rita@merge.test", "Rita Rakes", "ritarakes.example");
    const stranger = await send({
      _form: "quick",
      name: "Sam Stranger",
      email: "sam@stranger.test",
      phone: "+15125550999",
    });
    const cases: [Record<string, string>, number, string][] = [
      [{ action: "merge", merged: stranger }, 422, "not the same person"],
      [{ action: "merge", merged: kept }, 422, "cannot be merged into itself"],
      [{ action: "merge", merged: "<script>" }, 422, "Choose one of the same person"],
      [{ action: "merge", merged: "0199aaaa-0000-7000-8000-000000000000" }, 404, "no such lead"],
      [{ action: "unmerge", merged }, 404, "not merged into this one"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(`/admin/leads/${kept}`, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(await res.text()).toContain(message);
    }
    const forged = await post(
      `/admin/leads/${kept}`,
      { action: "merge", merged },
      { origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect(rowIds((await get("/admin")).html)).toEqual(expect.arrayContaining([kept, merged]));

    // Merged once, neither side merges again; the kept lead is not merged into another.
    expect((await post(`/admin/leads/${kept}`, { action: "merge", merged })).status).toBe(303);
    const third = await send({
      _form: "quick",
      name: "Rita",
      email: "rita@merge.test",
      phone: "+15125550123",
    });
    const again = await post(`/admin/leads/${third}`, { action: "merge", merged: kept });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Other leads are merged into that lead");
  });

  it("erasing the kept lead erases the lead merged into it", async () => {
    const { kept, merged } = await pair("erin@merge.test", "Erin Edging", "erinedging.example");
    expect((await post(`/admin/leads/${kept}`, { action: "merge", merged })).status).toBe(303);
    const erased = await post(`/admin/leads/${kept}`, { action: "erase", confirm: "ERASE" });
    expect(erased.status).toBe(303);
    expect(await rows(`SELECT id FROM leads WHERE id IN ('${kept}', '${merged}')`)).toEqual([]);
    expect(await rows(`SELECT merged_id FROM lead_merges WHERE merged_id = '${merged}'`)).toEqual(
      [],
    );
  });

  it("inbox search finds a lead by its website, typed with or without https:// and www.", async () => {
    const id = await send({
      _form: "growth",
      name: "Wendy Web",
      email: "wendy@web.test",
      phone: "+15125550444",
      website: "https://www.wendyslawns.example/",
    });
    for (const q of [
      "wendyslawns",
      "wendyslawns.example",
      "https://wendyslawns.example",
      "www.wendyslawns.example/",
    ]) {
      expect(rowIds((await get(`/admin?q=${encodeURIComponent(q)}`)).html), q).toEqual([id]);
    }
  });
});
