/**
 * The inbox as a work queue (issue 27) on the real built server over SQLite, as a
 * browser without JavaScript uses it (plain form posts, redirects not followed): bulk actions on
 * ticked rows come back with 303 to the same filtered view saying how many leads changed, each
 * lead's timeline and the audit log show it, 'Export selected' answers their CSV with the Tags
 * column, and a bad request is a 4xx page with what was wrong (more than 100 leads, none, lost
 * without a reason, a post from another site); a tag added on a lead's page is a chip in the list
 * and a filter; 'My leads' lists what is assigned to the signed-in account; saved views are saved,
 * listed, opened and deleted.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ownerSession,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

describe("inbox work queue over HTTP on sqlite", () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  let cookie = "";
  const OWNER = "queue.owner@example.test";

  beforeAll(async () => {
    const store = serverStore("sqlite", "inbox-queue-http");
    cleanup = store.cleanup;
    server = await startServer({ ...store.env, LOG_LEVEL: "warn", LEADS_RATE_LIMIT: "off" });
    cookie = await ownerSession(server, store.env, OWNER);
  });
  afterAll(async () => {
    await server?.stop();
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
  /** A form post with repeated fields (the ticked rows' `id`s), as the browser sends it. */
  const post = (path: string, fields: [string, string][], headers: Record<string, string> = {}) =>
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
  const status = async (id: string) =>
    /Status: (New|Contacted|Qualified|Won|Lost)/.exec(await get(`/admin/leads/${id}`))?.[1];

  it("bulk status on two ticked rows: 303 to the same view with a notice; timeline and audit", async () => {
    const a = await send("Bulk Alpha");
    const b = await send("Bulk Bravo");
    const c = await send("Bulk Charlie");
    const view = "/admin?status=new&kind=quick";
    expect(rowIds(await get(view))).toEqual(expect.arrayContaining([a, b, c]));

    const res = await post("/admin/bulk", [
      ["back", view],
      ["id", a],
      ["id", b],
      ["action", "status"],
      ["status", "contacted"],
      ["reason", ""],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin?status=new&kind=quick&updated=2");
    const after = await get("/admin?status=new&kind=quick&updated=2");
    expect(after).toContain("2 leads updated.");
    expect(rowIds(after)).toContain(c);
    expect(rowIds(after)).not.toContain(a);
    expect(await status(a)).toBe("Contacted");
    expect(await status(b)).toBe("Contacted");
    expect(await status(c)).toBe("New");
    const timeline = (await get(`/admin/leads/${a}`)).split("data-timeline")[1] ?? "";
    expect(timeline).toContain("Status: Contacted");
    expect(timeline).toContain(`by ${OWNER}`);
    const audit = await get("/admin/audit?action=lead_status");
    expect(audit).toContain(a);
    expect(audit).toContain(b);
  });

  it("refuses what it cannot do with a 4xx page and changes nothing", async () => {
    const a = await send("Refused Alpha");
    const many: [string, string][] = [
      ["action", "status"],
      ["status", "won"],
      ["back", "/admin"],
    ];
    for (let i = 0; i < 101; i++)
      many.push(["id", `${a.slice(0, -3)}${String(i).padStart(3, "0")}`]);
    const tooMany = await post("/admin/bulk", many);
    expect(tooMany.status).toBe(413);
    const page = await tooMany.text();
    expect(page).toContain("At most 100 leads at a time: select fewer.");
    expect(page).toContain('href="/admin"');

    const none = await post("/admin/bulk", [
      ["action", "status"],
      ["status", "won"],
    ]);
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("Select at least one lead first.");

    const lost = await post("/admin/bulk", [
      ["back", "/admin?q=refused"],
      ["id", a],
      ["action", "status"],
      ["status", "lost"],
    ]);
    expect(lost.status).toBe(422);
    const lostPage = await lost.text();
    expect(lostPage).toContain("Nothing was changed");
    expect(lostPage).toContain('href="/admin?q=refused"');
    expect(await status(a)).toBe("New");

    // A post another site started is refused before anything is read.
    const forged = await post(
      "/admin/bulk",
      [
        ["id", a],
        ["action", "spam"],
      ],
      { origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect(rowIds(await get("/admin?spam=1"))).not.toContain(a);
    // A typed URL goes to the inbox.
    const typed = await fetch(`${server.url}/admin/bulk`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(typed.status).toBe(303);
    expect(typed.headers.get("location")).toBe("/admin");
    // 'back' is never somewhere else.
    const away = await post("/admin/bulk", [
      ["back", "https://evil.example/admin"],
      ["id", a],
      ["action", "tag"],
      ["tag", "checked"],
    ]);
    expect(away.status).toBe(303);
    expect(away.headers.get("location")).toBe("/admin?updated=1");
  });

  it("tags on the lead page: a chip in the list, a filter, in the export and bulk", async () => {
    const a = await send("Tagged Alpha");
    const b = await send("Tagged Bravo");
    const added = await post(`/admin/leads/${a}`, [
      ["action", "tag-add"],
      ["tag", " Spring  Roofing "],
    ]);
    expect(added.status).toBe(303);
    const page = await get(`/admin/leads/${a}`);
    expect(page).toMatch(/data-tag="spring roofing"/);
    expect(page.split("data-timeline")[1]).toContain("Tagged spring roofing");
    const bad = await post(`/admin/leads/${a}`, [
      ["action", "tag-add"],
      ["tag", "<script>"],
    ]);
    expect(bad.status).toBe(422);
    const badPage = await bad.text();
    expect(badPage).toContain("Use letters, digits, spaces, dashes and underscores only.");
    expect(badPage).not.toContain("<script>");

    const filtered = await get("/admin?tag=Spring+Roofing");
    expect(rowIds(filtered)).toEqual([a]);
    expect(filtered).toMatch(/<li[^>]*data-tag="spring roofing"/);
    expect(filtered).toContain('value="spring roofing"');

    // Bulk: tag both, then export the two selected.
    const tagged = await post("/admin/bulk", [
      ["back", "/admin"],
      ["id", a],
      ["id", b],
      ["action", "tag"],
      ["tag", "VIP"],
    ]);
    expect(tagged.headers.get("location")).toBe("/admin?updated=2");
    const csv = await post("/admin/bulk", [
      ["id", a],
      ["id", b],
      ["action", "export"],
    ]);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    const header = lines[0]!.split(",");
    const tagsAt = header.indexOf('"Tags"');
    expect(tagsAt).toBe(header.indexOf('"Assignee"') + 1);
    expect(lines[1]).toContain('"Tagged Bravo"');
    expect(lines[1]!.split(",")[tagsAt]).toBe('"vip"');
    expect(lines[2]!.split('","')[tagsAt]).toBe("spring roofing, vip");
    // The inbox's own CSV of the tag filter has it too.
    const view = await (
      await fetch(`${server.url}/api/admin/export.csv?tag=vip`, { headers: { cookie } })
    ).text();
    expect(view.trim().split("\r\n")).toHaveLength(3);

    const removed = await post(`/admin/leads/${a}`, [
      ["action", "tag-remove"],
      ["tag", "vip"],
    ]);
    expect(removed.status).toBe(303);
    expect(rowIds(await get("/admin?tag=vip"))).toEqual([b]);
  });

  it("'My leads' lists what is assigned to the signed-in account; 'Unassigned' the rest", async () => {
    const a = await send("Mine Alpha");
    const b = await send("Mine Bravo");
    const inbox = await get("/admin");
    const me = /<option value="([^"]+)">queue\.owner@example\.test<\/option>/.exec(inbox)?.[1];
    expect(me).toBeTruthy();
    const assigned = await post(`/admin/leads/${a}`, [
      ["action", "assign"],
      ["assignee", me!],
    ]);
    expect(assigned.status).toBe(303);
    const mine = await get("/admin?assignee=me");
    expect(rowIds(mine)).toEqual([a]);
    expect(mine).toMatch(/href="\/admin\?assignee=me"[^>]*aria-current="page"/);
    expect(mine).toContain(OWNER);
    const unassigned = rowIds(await get("/admin?assignee=none"));
    expect(unassigned).toContain(b);
    expect(unassigned).not.toContain(a);
  });

  it("saved views: saved under a name, listed, opened, names unique, deleted", async () => {
    const saved = await post("/admin/views", [
      ["action", "save"],
      ["name", "Fresh quick leads"],
      ["query", "status=new&kind=quick&before=x~y"],
    ]);
    expect(saved.status).toBe(303);
    const location = saved.headers.get("location")!;
    expect(location).toBe("/admin?status=new&kind=quick&savedView=saved");
    const shown = await get(location);
    expect(shown).toContain("View Fresh quick leads saved.");
    expect(shown).toMatch(
      /<a href="\/admin\?status=new&amp;kind=quick" aria-current="page"[^>]*>Fresh quick leads<\/a>/,
    );
    expect(await get("/admin")).toContain("Fresh quick leads");

    const again = await post("/admin/views", [
      ["action", "save"],
      ["name", "FRESH quick leads"],
      ["query", ""],
    ]);
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("You already have a view named FRESH quick leads.");

    const id = /type="hidden" name="id" value="([^"]+)"/.exec(await get("/admin"))?.[1];
    const deleted = await post("/admin/views", [
      ["action", "delete"],
      ["id", id!],
    ]);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/admin?savedView=deleted");
    const after = await get("/admin?savedView=deleted");
    expect(after).toContain("View deleted.");
    expect(after).not.toContain("Fresh quick leads");
    const gone = await post("/admin/views", [
      ["action", "delete"],
      ["id", id!],
    ]);
    expect(gone.status).toBe(404);
  });
});
