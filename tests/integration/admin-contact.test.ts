/**
 * Contacting a lead (issue 27), on the real server over SQLite, with a real SMTP
 * receiver: the email that announces a lead links straight to its page, says when it arrived on
 * the agency's clock and names the form and the source as the inbox does; 'Log a call' puts every
 * outcome on the timeline with who and when, 'Talked' moves a new lead to Contacted (and nothing
 * else), and a logged call is the lead's first contact for speed to lead; the audit log has it.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_TO,
  deliveryEnv,
  startSmtpReceiver,
  storedLeads,
  waitFor,
  type SmtpReceiver,
} from "./notify-support";
import {
  ownerSession,
  postAdminForm,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

const SITE_URL = "https://agency.example";

/** When a New York wall clock says it, written independently of the code under test. */
function newYork(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

describe("contacting a lead (sqlite)", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let cookie = "";

  beforeAll(async () => {
    const store = serverStore("sqlite", "admin-contact");
    cleanup = store.cleanup;
    smtp = await startSmtpReceiver();
    env = { ...store.env, ...deliveryEnv(smtp, null), SITE_URL, LOG_LEVEL: "warn" };
    server = await startServer(env);
    // The invite link is read as a path: the CLI without SITE_URL prints one.
    cookie = await ownerSession(server, store.env, "caller@example.test");
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await cleanup?.();
  });

  const send = async (lead: Record<string, string>) => {
    const res = await postJson(server.url, { _t: "9000", ...lead });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const page = async (id: string) =>
    (await fetch(`${server.url}/admin/leads/${id}`, { headers: { cookie } })).text();
  /** The page's timeline entries as text, oldest first. */
  const timeline = (html: string) =>
    [
      ...(/<ol[^>]*data-timeline[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "").matchAll(
        /<li[^>]*>([\s\S]*?)<\/li>/g,
      ),
    ].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
  const call = (id: string, outcome: string) =>
    postAdminForm(server, `/admin/leads/${id}`, { action: "call", outcome }, cookie);

  it("the lead notice links to the lead, with its time on the agency's clock and the form and source by name", async () => {
    const fromAds = await send({
      _form: "contactPage",
      ...validLeads.contactPage,
      utm_source: "google",
      utm_medium: "cpc",
    });
    // The agency's notice, not the confirmation the visitor gets for the same lead (D232).
    const isNotice = (m: { envelopeTo: string[] }) => m.envelopeTo.includes(EMAIL_TO);
    const fromSearch = await send({
      _form: "quick",
      ...validLeads.quick,
      _ref: "https://www.google.com/search?q=lawn+care+marketing",
    });
    await waitFor(
      () =>
        [fromAds, fromSearch].every((id) =>
          smtp.messages.some((m) => m.header("x-lead-id") === id && isNotice(m)),
        ),
      15_000,
      "both notices",
    );
    const mail = (id: string) =>
      smtp.messages.find((m) => m.header("x-lead-id") === id && isNotice(m))!;
    const ads = mail(fromAds);
    expect(ads.envelopeTo).toEqual([EMAIL_TO]);
    const link = `${SITE_URL}/admin/leads/${fromAds}`;
    // The plain-text part opens with the link; the HTML part has it as a link.
    expect(ads.text).toContain(`Open it in the inbox: ${link}`);
    expect(ads.html).toContain(`href="${link}"`);
    // The received time, on the agency's clock (America/New_York) with its abbreviation.
    const { createdAt } = (await storedLeads(env)).find((l) => l.id === fromAds)!;
    const received = /Received: (.+)/.exec(ads.text)?.[1]?.trim();
    expect(received).toMatch(/^\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
    expect(received).toBe(newYork(createdAt));
    expect(ads.text).toContain("Form: Contact page");
    expect(ads.text).toContain("Source: google/cpc");
    for (const name of ["Contact page", "google/cpc", received!]) expect(ads.html).toContain(name);

    const search = mail(fromSearch);
    expect(search.text).toContain(`Open it in the inbox: ${SITE_URL}/admin/leads/${fromSearch}`);
    expect(search.text).toContain("Form: Call request");
    expect(search.text).toContain("Source: www.google.com");
  });

  it("logs calls on the timeline with who and when; 'Talked' moves a new lead to Contacted", async () => {
    const id = await send({ _form: "quick", ...validLeads.quick, name: "Rita Ringback" });
    let html = await page(id);
    expect(html).toContain('href="tel:+15125555000"');
    expect(html).toContain('href="sms:+15125555000"');
    expect(html).toContain(`href="mailto:${validLeads.quick.email}"`);
    expect(html).toContain("Call (512) 555-5000");
    expect(html).toContain("Not contacted yet");

    const first = await call(id, "no_answer");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/admin/leads/${id}?saved=call`);
    await call(id, "voicemail");
    html = await page(id);
    // Tried twice, not reached: still new, yet its first contact is the first call.
    expect(html).toContain("Status: New");
    expect(html).toMatch(/First contacted after \d+ min/);
    expect(timeline(html)).toEqual([
      expect.stringMatching(/^Call: No answer .*by caller@example\.test$/),
      expect.stringMatching(/^Call: Left voicemail .*by caller@example\.test$/),
    ]);
    // When: each entry carries its moment.
    expect(html.match(/<time dateTime="[^"]+"/g)?.length).toBeGreaterThanOrEqual(2);

    await call(id, "talked");
    html = await page(id);
    expect(html).toContain("Status: Contacted");
    expect(timeline(html).at(-1)).toMatch(/^Call: Talked · Status: Contacted .*by caller@/);

    // Talking again, or to a lead further along, changes no status.
    await postAdminForm(
      server,
      `/admin/leads/${id}`,
      { action: "status", status: "qualified" },
      cookie,
    );
    await call(id, "talked");
    await call(id, "wrong_number");
    html = await page(id);
    expect(html).toContain("Status: Qualified");
    expect(timeline(html).slice(-2)).toEqual([
      expect.stringMatching(/^Call: Talked .*by caller@/),
      expect.stringMatching(/^Call: Wrong number .*by caller@/),
    ]);
    expect(timeline(html)).toHaveLength(6);

    // An outcome not on the list: a clear 422, nothing stored or echoed.
    const bad = await call(id, "<script>alert(1)</script>");
    expect(bad.status).toBe(422);
    const answer = await bad.text();
    expect(answer).toContain("Choose how the call went.");
    expect(answer).not.toContain("<script>alert(1)");
    expect(timeline(await page(id))).toHaveLength(6);
    const nobody = await call("00000000-0000-7000-8000-000000000000", "talked");
    expect(nobody.status).toBe(404);
    await nobody.text();

    // Audited like a status change: who, which lead, how it went.
    const audit = await (
      await fetch(`${server.url}/admin/audit?action=lead_call`, { headers: { cookie } })
    ).text();
    expect(audit.match(new RegExp(id, "g"))?.length).toBeGreaterThanOrEqual(5);
  });

  it("speed to lead counts a logged call as the first contact", async () => {
    const before = await (await fetch(`${server.url}/admin`, { headers: { cookie } })).text();
    const contacted = (html: string) => Number(/\((\d+) leads? contacted\)/.exec(html)?.[1] ?? 0);
    const id = await send({ _form: "quick", ...validLeads.quick, name: "Sam Speedy" });
    await call(id, "no_answer");
    const after = await (await fetch(`${server.url}/admin`, { headers: { cookie } })).text();
    expect(contacted(after)).toBe(contacted(before) + 1);
    expect(after).toMatch(/Median time to first contact, [^:]+: \d+ min/);
  });
});
