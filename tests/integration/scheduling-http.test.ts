/**
 * POST /api/scheduling/calendly on the real server (issue 39 §2), with signatures computed in
 * the test with node:crypto over deliveries of Calendly's documented shape and a real SMTP
 * receiver: off (404) without CALENDLY_SIGNING_KEY; a missing, wrong or stale signature is 401
 * and a signed body that is not Calendly's shape is 400, nothing stored either way; a booking
 * is a 'booked call' lead announced by email with its time on the agency's clock, stored once
 * however often it arrives; a booking by someone who has a lead lands on that lead and the
 * agency is emailed; a cancellation is on the timeline; the inbox lists the upcoming calls with
 * their time; and no visitor can post a 'booking' lead through /api/leads. SQLite here; the
 * store's side runs on both databases in scheduling-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDLY_KEY, calendlyBody, calendlySignature, postCalendly } from "../support/calendly";
import { deliveryEnv, startSmtpReceiver, waitFor, type SmtpReceiver } from "./notify-support";
import {
  ownerSession,
  postJson,
  serverStore,
  startServer,
  storeQuery,
  validLeads,
  type RunningServer,
} from "./support";

/** The first value `find` gives, polling; fails after 15 s naming `what`. */
async function until<T>(find: () => T | undefined, what: string): Promise<T> {
  let found: T | undefined;
  await waitFor(() => (found = find()) !== undefined, 15_000, what);
  return found!;
}

describe("Calendly webhooks, off", () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const store = serverStore("sqlite", "calendly-off");
    cleanup = store.cleanup;
    server = await startServer({ ...store.env, LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("answers 404 when CALENDLY_SIGNING_KEY is not set", async () => {
    const body = JSON.stringify(calendlyBody("invitee.created"));
    const res = await postCalendly(server.url, body);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });
});

describe("Calendly webhooks (sqlite)", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let cookie = "";

  beforeAll(async () => {
    const store = serverStore("sqlite", "calendly-http");
    cleanup = store.cleanup;
    smtp = await startSmtpReceiver();
    env = {
      ...store.env,
      ...deliveryEnv(smtp, null),
      CALENDLY_SIGNING_KEY: CALENDLY_KEY,
      SITE_URL: "https://agency.example",
      LOG_LEVEL: "warn",
      LEAD_REMINDER_MINUTES: "off",
    };
    server = await startServer(env);
    cookie = await ownerSession(server, store.env);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await cleanup?.();
  });

  const query = <T>(sql: string) => {
    const q = storeQuery("sqlite", env);
    return q.rows<T>(sql).finally(() => q.close());
  };
  const count = async (table: string) =>
    Number((await query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  const page = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();

  it("refuses a missing, wrong or stale signature with 401 and stores nothing", async () => {
    const body = JSON.stringify(calendlyBody("invitee.created", { inviteeUuid: "sig-1" }));
    const now = Math.floor(Date.now() / 1000);
    const answers = await Promise.all([
      postCalendly(server.url, body, null),
      postCalendly(server.url, body, calendlySignature(body, "another-key-0123456789abcdef")),
      // Signed over another body: the payload was changed on the way.
      postCalendly(server.url, body, calendlySignature(body.replace("Pat Booker", "Mallory"))),
      // The right key, but 10 minutes old: a replay.
      postCalendly(server.url, body, calendlySignature(body, CALENDLY_KEY, now - 600)),
      postCalendly(server.url, body, "t=abc,v1=zz"),
    ]);
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await answers[1]!.json()).toMatchObject({ error: "signature" });
    expect(await count("leads")).toBe(0);
    expect(await count("scheduled_calls")).toBe(0);
  });

  it("answers a signed body that is not Calendly's shape with 400 and stores nothing", async () => {
    const notJson = "{not json";
    const noStart = JSON.stringify({
      event: "invitee.created",
      payload: { uri: "https://api.calendly.com/x", email: "a@b.example", scheduled_event: {} },
    });
    const badEmail = JSON.stringify(
      calendlyBody("invitee.created", { email: "not-an-address", inviteeUuid: "bad-1" }),
    );
    const answers = await Promise.all(
      [notJson, noStart, badEmail].map((b) => postCalendly(server.url, b)),
    );
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await answers[1]!.json()).toMatchObject({
      error: "malformed",
      message: expect.stringContaining("start_time"),
    });
    expect(await count("leads")).toBe(0);
  });

  it("stores a booking once as a 'booked call' lead, emails the agency the time in its zone", async () => {
    const body = JSON.stringify(
      calendlyBody("invitee.created", {
        inviteeUuid: "book-1",
        email: "pat.booker@example.com",
        start: "2027-03-02T15:00:00.000000Z",
        utm: { utm_source: "facebook", utm_medium: "paid", utm_campaign: "spring-cleanup" },
      }),
    );
    const first = await postCalendly(server.url, body);
    expect(first.status).toBe(200);
    const { status, id } = (await first.json()) as { status: string; id: string };
    expect(status).toBe("stored");
    // Calendly retries when an answer is lost: the same event again stores nothing new.
    const again = await postCalendly(server.url, body);
    expect(await again.json()).toEqual({ status: "duplicate", id });
    expect(await count("leads")).toBe(1);

    const mail = await until(
      () => smtp.messages.find((m) => m.header("x-lead-id") === id),
      "the lead notice of the booking",
    );
    expect(mail.header("subject")).toMatch(/^New booked call lead: Pat Booker/);
    // 15:00 UTC on 2 March is 10:00 AM in New York (EST), the agency's zone.
    expect(mail.text).toContain("Tue, Mar 2, 2027, 10:00 AM EST");
    expect(mail.text).toContain("facebook/paid");

    // The inbox: the lead, with its source from Calendly's utm_* values, and the upcoming call.
    const inbox = await page("/admin");
    expect(inbox).toContain("Upcoming calls");
    const upcoming = /<section[^>]*data-upcoming-calls[^>]*>([\s\S]*?)<\/section>/.exec(inbox)![1]!;
    expect(upcoming).toContain("Mar 2, 2027, 10:00 AM EST");
    expect(upcoming).toContain("Pat Booker");
    expect(upcoming).toContain('href="tel:+15125550187"');
    expect(await page("/admin?source=facebook%2Fpaid")).toContain(`/admin/leads/${id}`);
  });

  it("attaches a booking to the same person's lead, tells the agency, and marks a cancellation", async () => {
    const res = await postJson(server.url, {
      _form: "contact",
      _t: "9000",
      ...validLeads.contact,
      email: "casey.booker@example.test",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const body = JSON.stringify(
      calendlyBody("invitee.created", {
        inviteeUuid: "attach-1",
        email: "Casey.Booker@example.test",
        name: "Casey Contact",
        start: "2027-03-03T20:30:00Z",
      }),
    );
    const attached = await postCalendly(server.url, body);
    expect(await attached.json()).toEqual({ status: "attached", id });
    expect(await count("leads")).toBe(2);
    const mail = await until(
      () =>
        smtp.messages.find(
          (m) => m.header("x-lead-id") === id && /^Call booked/.test(m.header("subject") ?? ""),
        ),
      "the agency's booking email",
    );
    expect(mail.header("subject")).toBe(
      "Call booked: Casey Contact, Wed, Mar 3, 2027, 3:30 PM EST",
    );
    expect(mail.text).toContain(`https://agency.example/admin/leads/${id}`);
    let lead = await page(`/admin/leads/${id}`);
    expect(lead).toContain("Call booked for Wed, Mar 3, 2027, 3:30 PM EST (Free strategy call)");

    const cancel = JSON.stringify(
      calendlyBody("invitee.canceled", {
        inviteeUuid: "attach-1",
        email: "casey.booker@example.test",
        reason: "Hired someone else",
      }),
    );
    expect(await (await postCalendly(server.url, cancel)).json()).toEqual({
      status: "canceled",
      id,
    });
    expect(await (await postCalendly(server.url, cancel)).json()).toEqual({
      status: "duplicate",
      id,
    });
    lead = await page(`/admin/leads/${id}`);
    expect(
      lead.match(/Booked call of Wed, Mar 3, 2027, 3:30 PM EST cancelled: Hired someone else/g),
    ).toHaveLength(1);
    expect(await page("/admin")).not.toContain("Mar 3, 2027, 3:30 PM EST");
  });

  it("never takes a 'booking' lead from a visitor's post", async () => {
    const res = await postJson(server.url, {
      _form: "booking",
      _t: "9000",
      name: "Eve",
      email: "eve@example.test",
      callAt: "tomorrow",
    });
    expect(res.status).toBe(422);
    expect(await count("scheduled_calls")).toBe(2);
  });
});
