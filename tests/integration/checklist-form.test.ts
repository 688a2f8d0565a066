/**
 * A guide's checklist form over the real server, on SQLite, with a
 * real SMTP receiver: the lead is stored as a `guide` lead with its consent box and the guide as
 * its page; the JSON answer and the no-JavaScript landing page both carry a download link signed
 * for that lead, which downloads the PDF; the agency is notified and the visitor gets the same
 * link by email (not when the post was flagged as spam); an unknown checklist is refused with
 * a 422; a changed link answers 403 with the form again.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openChecklistLink } from "../../src/leads/checklistLink";
import {
  EMAIL_TO,
  deliveryEnv,
  outboxRows,
  startSmtpReceiver,
  storedLeads,
  waitFor,
  type SmtpReceiver,
} from "./notify-support";
import {
  postForm,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

const SALT = "checklist-form-test-salt-0123456789abcdef";
const SITE = "https://agency.test";
const GUIDE = "/guides/google-business-profile-lawn-care";

describe("checklist form on sqlite", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const store = serverStore("sqlite", "checklist-form-sqlite");
    cleanup = store.cleanup;
    env = {
      ...store.env,
      ...deliveryEnv(smtp, null),
      IP_HASH_SALT: SALT,
      SITE_URL: SITE,
      LOG_LEVEL: "error",
    };
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await cleanup?.();
  });

  const pdfAt = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    return Buffer.from(await res.arrayBuffer())
      .subarray(0, 5)
      .toString("latin1");
  };
  const mailTo = (address: string) => smtp.messages.filter((m) => m.envelopeTo.includes(address));

  it("with JavaScript: stores a guide lead and answers with its download link, emailed too", async () => {
    const email = `js.sqlite@guide.test`;
    const res = await postJson(server.url, {
      _form: "guide",
      ...validLeads.guide,
      email,
      _t: "9000",
      _page: GUIDE,
      utm_source: "newsletter",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; download: string; emailed: boolean };
    expect(body.emailed).toBe(true);
    expect(body.download).toMatch(/^\/checklists\/[\w-]+\.[\w-]+$/);
    const opened = openChecklistLink(body.download.split("/").pop()!, SALT);
    expect(opened).toMatchObject({ ok: true, leadId: body.id, checklist: "gbp-checklist" });
    expect(await pdfAt(body.download)).toBe("%PDF-");

    const lead = (await storedLeads(env)).find((l) => l.id === body.id)!;
    expect(lead).toMatchObject({ kind: "guide", form: "guide", spam: false });
    expect(lead.fields).toEqual({
      name: validLeads.guide.name,
      email,
      businessType: "Lawn care",
      consent: "yes",
      checklist: "gbp-checklist",
    });
    expect(lead.metadata).toMatchObject({
      source: "guide_checklist",
      page: GUIDE,
      utm: { utm_source: "newsletter" },
    });

    // The agency hears of it like any lead; the visitor gets the very same link.
    await waitFor(() => mailTo(email).length === 1 && mailTo(EMAIL_TO).length >= 1, 15_000, "mail");
    const agency = smtp.messages.find(
      (m) => m.envelopeTo.includes(EMAIL_TO) && m.header("x-lead-id") === body.id,
    )!;
    expect(agency.header("subject")).toContain("New guide checklist lead: Gabe Guide");
    expect(agency.text).toContain("Agrees to further emails: Yes");
    const visitor = mailTo(email)[0]!;
    expect(visitor.header("subject")).toBe("Your free checklist");
    expect(visitor.text).toContain(`${SITE}${body.download}`);
    expect(visitor.html).toContain(`href="${SITE}${body.download}"`);
    expect(visitor.text).toContain(`${SITE}${GUIDE}`);
  });

  it("without JavaScript: lands on a page with the download link; an unticked box is stored as no", async () => {
    const email = `native.sqlite@guide.test`;
    // An unticked box sends nothing.
    const unticked = Object.fromEntries(
      Object.entries(validLeads.guide).filter(([name]) => name !== "consent"),
    );
    const res = await postForm(server.url, {
      _form: "guide",
      _next: GUIDE,
      ...unticked,
      email,
      _page: GUIDE,
    });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/checklists\/ready\?t=[\w-]+\.[\w-]+$/);
    const page = await fetch(`${server.url}${location}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Your Checklist Is Ready");
    expect(html).toContain("Google Business Profile checklist");
    expect(html).toContain("We have also emailed you the link.");
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain(`href="${GUIDE}"`);
    const download = /href="(\/checklists\/[\w-]+\.[\w-]+)"/.exec(html)?.[1];
    expect(download).toBe(`/checklists/${location.split("t=")[1]}`);
    expect(await pdfAt(download!)).toBe("%PDF-");
    const lead = (await storedLeads(env)).find((l) => l.fields.email === email)!;
    expect(lead.kind).toBe("guide");
    expect(lead.fields.consent).toBe("");
    await waitFor(() => mailTo(email).length === 1, 15_000, "the visitor's email");
  });

  it("a post flagged as spam gets its link but no email goes to the address it typed", async () => {
    const email = `bot.sqlite@guide.test`;
    const res = await postJson(server.url, {
      _form: "guide",
      ...validLeads.guide,
      email,
      fax: "http://spam.example",
      _page: GUIDE,
    });
    expect(res.status).toBe(201);
    const { id, download } = (await res.json()) as { id: string; download: string };
    expect(download).toMatch(/^\/checklists\//);
    await waitFor(
      () => smtp.messages.some((m) => m.header("x-lead-id") === id),
      15_000,
      "the agency's email of the flagged lead",
    );
    // No email to the address it typed, now or later: the visitor's email (channel
    // 'checklist') is queued with the lead or never. None is waiting (one on its way is listed
    // until it is sent) and none was sent; no sleeping through outbox polls to see that.
    const waiting = (await outboxRows(env)).filter((r) => r.leadId === id);
    expect(waiting.filter((r) => r.channel === "checklist")).toEqual([]);
    expect(mailTo(email)).toEqual([]);
    expect((await storedLeads(env)).find((l) => l.id === id)?.spam).toBe(true);
  });

  it("an unknown or malformed checklist is refused with a clear message, and nothing is stored", async () => {
    for (const checklist of ["no-such-checklist", "../../etc/passwd"]) {
      const email = `unknown.sqlite@guide.test`;
      const res = await postJson(server.url, {
        _form: "guide",
        ...validLeads.guide,
        email,
        checklist,
      });
      expect(res.status, checklist).toBe(422);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(body.fields.checklist).toBe(
        "This form is out of date. Please reload the page and try again.",
      );
    }
    expect((await storedLeads(env)).some((l) => l.fields.email?.startsWith("unknown."))).toBe(
      false,
    );
  });

  it("a changed link answers 403 with the checklist's form again", async () => {
    const res = await postJson(server.url, {
      _form: "guide",
      ...validLeads.guide,
      email: `tamper.sqlite@guide.test`,
    });
    const { download } = (await res.json()) as { download: string };
    const tampered = `${download.slice(0, -3)}${download.endsWith("AAA") ? "BBB" : "AAA"}`;
    for (const path of [tampered, `/checklists/ready?t=${tampered.split("/").pop()}`]) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(403);
      const html = await page.text();
      expect(html, path).toContain("This Download Link Does Not Work Any More");
      expect(html, path).toContain('data-lead-form="guide"');
      expect(html, path).toContain('name="checklist" value="gbp-checklist"');
      expect(html, path).not.toContain("application/pdf");
    }
  });
});
