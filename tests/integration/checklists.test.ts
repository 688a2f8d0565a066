/**
 * The guides' checklist PDFs over the real server: a link signed for a stored lead downloads the
 * PDF (content type, file name, first bytes); a changed, expired or foreign link, or one whose
 * lead is not (or no longer) stored, gets 403 and a page leading back to the guides; the PDFs
 * have no public address of their own.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKLIST_LINK_TTL_MS, signChecklistLink } from "../../src/leads/checklistLink";
import {
  buildDir,
  postJson,
  removeDir,
  root,
  startServer,
  tempDir,
  validLeads,
  type RunningServer,
} from "./support";

const SALT = "checklist-links-test-salt-0123456789abcdef";

describe("checklist downloads (real server)", () => {
  let server: RunningServer;
  const dataDir = tempDir("checklists-");
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, IP_HASH_SALT: SALT, LOG_LEVEL: "error" });
  });
  afterAll(async () => {
    await server?.stop();
    removeDir(dataDir);
  });

  const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

  it("a link signed for a lead downloads its checklist as a PDF", async () => {
    const lead = await postJson(server.url, { _form: "guide", ...validLeads.guide, _t: "9000" });
    expect(lead.status).toBe(201);
    const { id } = (await lead.json()) as { id: string };
    const token = signChecklistLink({ leadId: id, checklist: "gbp-checklist" }, SALT);
    const res = await get(`/checklists/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="gbp-checklist.pdf"');
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("a changed, expired or foreign link gets 403 and a way back to the guides", async () => {
    const token = signChecklistLink({ leadId: "lead-123", checklist: "gbp-checklist" }, SALT);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const expired = signChecklistLink(
      { leadId: "lead-123", checklist: "gbp-checklist" },
      SALT,
      Date.now() - CHECKLIST_LINK_TTL_MS - 1000,
    );
    const foreign = signChecklistLink({ leadId: "x", checklist: "gbp-checklist" }, "another-salt");
    const missing = signChecklistLink({ leadId: "x", checklist: "no-such-checklist" }, SALT);
    const noLead = signChecklistLink({ leadId: "no-such-lead", checklist: "gbp-checklist" }, SALT);
    for (const [what, path, reason] of [
      ["no such lead", `/checklists/${noLead}`, "deleted at its owner"],
      ["tampered", `/checklists/${tampered}`, "This link is not one we sent."],
      ["expired", `/checklists/${expired}`, "This link has expired"],
      ["foreign", `/checklists/${foreign}`, "This link is not one we sent."],
      ["missing", `/checklists/${missing}`, "This link is not one we sent."],
    ] as const) {
      const res = await get(path);
      expect(res.status, what).toBe(403);
      expect(res.headers.get("content-type"), what).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html, what).toContain("This Download Link Does Not Work Any More");
      expect(html, what).toContain(reason);
      expect(html, what).toContain('href="/guides"');
      expect(html, what).toContain('<meta name="robots" content="noindex');
    }
  });

  it("the PDFs are outside the public folder, with no address of their own", async () => {
    const built = join(root, buildDir, "checklists");
    expect(readdirSync(built).filter((f) => f.endsWith(".pdf")).length).toBeGreaterThanOrEqual(3);
    expect(existsSync(join(root, buildDir, "client", "checklists"))).toBe(false);
    for (const path of ["/checklists/gbp-checklist.pdf", "/gbp-checklist.pdf", "/checklists/"]) {
      expect((await get(path)).status, path).not.toBe(200);
    }
  });
});
