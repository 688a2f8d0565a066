/**
 * 'Want us to walk you through it?' over real HTTP against the built server, on SQLite, with a
 * real SMTP receiver (issue 39 §1): beside the score, the report page and the audit thank-you
 * page ask for a phone number and a good time to call. A plain form post (no JavaScript) is
 * answered 303 back to the page, which then says the number was saved; the island's JSON post
 * answers 200. The number goes on the same lead (no new lead), its timeline says so, and the
 * agency is emailed at once with the number as a tel: link. Bad input gets 422 with a clear
 * message and nothing stored; a changed link 403; a check still running 403; a large body 413.
 * The checks are stored as the worker stores them (the engine is not under test here); the
 * store's part runs on both databases in audit-callback-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import { auditJobFor } from "../../src/audit/jobs";
import { auditJobStoreFor } from "../../src/audit/store";
import { auditLinks } from "../../src/audit/token";
import type { LeadStore } from "../../src/leads/store/types";
import { auditLead, fixtureReport } from "./audit-support";
import { deliveryEnv, EMAIL_TO, startSmtpReceiver, type SmtpReceiver } from "./notify-support";
import { openServerStore, serverStore, startServer, type RunningServer } from "./support";

const SALT = "audit-callback-test-salt-0123456789abcdef";

describe("a number to call, left beside the score (sqlite)", () => {
  let server: RunningServer;
  let store: LeadStore;
  let smtp: SmtpReceiver;
  let cleanup: () => Promise<void>;

  /** An audit lead and its check: finished with a score unless `open`. */
  async function check(website: string, open = false) {
    const lead = auditLead(website, { ipHash: `cb-${website}`, email: `${website}@owner.test` });
    const job = auditJobFor(lead)!;
    await store.insert(lead, [], { auditJob: job });
    if (!open) {
      const jobs = auditJobStoreFor(store);
      await jobs.claim({ owner: "w", now: new Date(), leaseMs: 60_000, limit: 10 });
      await jobs.finish(
        job.id,
        "w",
        { status: "done", site: website, report: fixtureReport(website, 57) },
        new Date(),
      );
    }
    return { leadId: lead.id, links: auditLinks(job.id, SALT) };
  }

  /** A plain form post from the page itself, as a browser without JavaScript sends it. */
  const formPost = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams(fields).toString(),
    });
  const jsonPost = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const callbackRows = async (leadId: string) =>
    (await store.listNotifications(["pending", "sent", "failed"], leadId)).filter(
      (r) => r.channel === "callback",
    );
  const callbackEvents = async (leadId: string) =>
    (await adminStoreFor(store).leadEvents(leadId)).filter((e) => e.kind === "callback");
  const mailFor = async (phoneShown: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = smtp.messages.find((m) => (m.header("subject") ?? "").includes(phoneShown));
      if (found || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const s = serverStore("sqlite", "audit-callback-http");
    cleanup = s.cleanup;
    server = await startServer({
      ...s.env,
      ...deliveryEnv(smtp, null),
      IP_HASH_SALT: SALT,
      AUDIT_CONCURRENCY: "0",
      SITE_URL: "http://localhost:4321",
    });
    store = openServerStore("sqlite", s.env);
    await store.migrate();
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await smtp?.close();
    await cleanup?.();
  });

  it("the report page asks beside the score; a plain post saves the number, 303 back", async () => {
    const { leadId, links } = await check("callback-report.test");
    const page = await (await fetch(`${server.url}${links.report}`)).text();
    expect(page).toContain("Want us to walk you through it?");
    const form = /<form[^>]*action="\/audit\/[\w.-]+#callback"[^>]*>/.exec(page)?.[0];
    expect(form).toMatch(/method="post"/);
    expect(page).toMatch(/<label[^>]*for="callback-phone"[^>]*>Your phone number<\/label>/);
    expect(page).toMatch(/<select[^>]*name="time"/);
    const leadsBefore = await store.countLeads();

    const posted = await formPost(links.report, { phone: "(512) 555-0142", time: "afternoon" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`${links.report}?call=saved#callback`);
    const saved = await (await fetch(`${server.url}${links.report}?call=saved`)).text();
    expect(saved).toContain("Thanks! We have your number and will call you at the time you chose.");

    // The same lead, now with a phone: no new lead; its timeline says what was left.
    expect(await store.countLeads()).toBe(leadsBefore);
    expect((await store.get(leadId))?.fields.phone).toBe("+15125550142");
    const events = await callbackEvents(leadId);
    expect(events.map((e) => JSON.parse(e.body))).toEqual([
      { phone: "+15125550142", time: "afternoon" },
    ]);

    // The agency hears at once (nobody is assigned: the notice recipients), with a tel: link
    // on the address a local trial over http uses (SITE_URL=http://localhost:4321).
    const mail = await mailFor("(512) 555-0142");
    expect(mail, "callback email").toBeDefined();
    expect(mail!.envelopeTo).toEqual([EMAIL_TO]);
    expect(mail!.header("subject")).toBe("Call back: Ana Green at (512) 555-0142");
    expect(mail!.html).toContain('<a href="tel:+15125550142">(512) 555-0142</a>');
    expect(mail!.text).toContain("Best time: Afternoon (2–5 pm)");
    expect(mail!.text).toContain(`http://localhost:4321/admin/leads/${leadId}`);
    expect(mail!.text).toContain("Website check: 57/100 (F)");
    // The delivery is recorded just after the message is accepted.
    await expect
      .poll(async () => (await callbackRows(leadId)).map((r) => r.status), { timeout: 10_000 })
      .toEqual(["sent"]);
  });

  it("the island's JSON post saves it too; the thank-you page takes a plain post", async () => {
    const { leadId, links } = await check("callback-json.test");
    const answer = await jsonPost(links.status, { phone: "+44 20 7946 0958", time: "morning" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, phone: "+44 20 7946 0958", time: "morning" });
    expect((await store.get(leadId))?.fields.phone).toBe("+442079460958");

    const thanks = await (await fetch(`${server.url}${links.thanks}`)).text();
    expect(thanks).toContain("Want us to walk you through it?");
    const posted = await formPost(links.thanks, { phone: "512-555-0199", time: "" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`${links.thanks}&call=saved#callback`);
    expect((await store.get(leadId))?.fields.phone).toBe("+15125550199");
    expect((await callbackEvents(leadId)).map((e) => JSON.parse(e.body).time)).toEqual([
      "morning",
      "any",
    ]);
  });

  it("bad input: 422 with a clear message, nothing stored; the plain post shows it on the page", async () => {
    const { leadId, links } = await check("callback-bad.test");
    for (const [body, field, message] of [
      [{ phone: "" }, "phone", "Please enter your phone number so we can call you."],
      [{ phone: "call me maybe" }, "phone", "Please enter a phone number with its area code"],
      [{ phone: "123" }, "phone", "Please enter a phone number with its area code"],
      [{ phone: "(512) 555-0142", time: "midnight" }, "time", "Please choose a time of day"],
      [{ phone: 5125550142 }, "phone", "Please enter your phone number"],
    ] as const) {
      const answer = await jsonPost(links.status, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const json = (await answer.json()) as { field: string; message: string };
      expect(json.field).toBe(field);
      expect(json.message).toContain(message);
    }
    const page = await formPost(links.report, {
      phone: '<script>alert("x")</script>',
      time: "morning",
    });
    expect(page.status).toBe(422);
    expect(page.statusText).toBe("Unprocessable Entity");
    const html = await page.text();
    expect(html).toContain("Please enter a phone number with its area code");
    // What was typed comes back as text, never as markup.
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toMatch(/aria-invalid="true"/);
    expect((await jsonPost(links.status, "{not json")).status).toBe(400);
    const big = await jsonPost(links.status, { phone: "5".repeat(5_000) });
    expect(big.status).toBe(413);
    const odd = await fetch(`${server.url}${links.status}`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: server.url },
      body: "phone=5125550142",
    });
    expect(odd.status).toBe(415);

    expect((await store.get(leadId))?.fields.phone).toBeUndefined();
    expect(await callbackEvents(leadId)).toHaveLength(0);
    expect(await callbackRows(leadId)).toHaveLength(0);
  });

  it("a changed link, or a check with no score yet, is refused: 403, nothing stored", async () => {
    const { leadId, links } = await check("callback-tamper.test");
    const token = links.report.slice("/audit/".length);
    const changed = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const json = await jsonPost(`/api/audit/${changed}`, { phone: "(512) 555-0142" });
    expect(json.status).toBe(403);
    expect(((await json.json()) as { message: string }).message).toContain(
      "This report link does not work any more",
    );
    const page = await formPost(`/audit/${changed}`, { phone: "(512) 555-0142" });
    expect(page.status).toBe(403);
    await page.text();

    const running = await check("callback-running.test", true);
    const early = await jsonPost(running.links.status, { phone: "(512) 555-0142" });
    expect(early.status).toBe(403);
    await early.text();

    expect((await store.get(leadId))?.fields.phone).toBeUndefined();
    expect((await store.get(running.leadId))?.fields.phone).toBeUndefined();
  });

  it("a lead can leave its number a few times, then 429", async () => {
    const { leadId, links } = await check("callback-cap.test");
    for (let i = 0; i < 5; i++) {
      const ok = await jsonPost(links.status, { phone: `(512) 555-01${10 + i}` });
      expect(ok.status).toBe(200);
      await ok.text();
    }
    const capped = await jsonPost(links.status, { phone: "(512) 555-0177" });
    expect(capped.status).toBe(429);
    expect(((await capped.json()) as { message: string }).message).toContain(
      "already left your number",
    );
    expect((await store.get(leadId))?.fields.phone).toBe("+15125550114");
  });
});
