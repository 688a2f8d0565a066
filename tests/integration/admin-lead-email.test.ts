/**
 * Emailing a lead from its page (issue 27) on the real server over SQLite, with a
 * real SMTP receiver: the lead's page offers its form's template filled in; a send is a 303, the
 * receiver gets it at the lead's address From the agency's sender with the staff member as
 * Reply-To, in a text and an HTML part; the timeline shows it queued, then sent; it is the lead's
 * first contact (status unchanged) and in the audit log. Refusals are 422 with a message and store
 * nothing: no address, empty or too long text, no SMTP. A template edit persists and is offered.
 * On both stores themselves: one outbox row per lead, every queued email sent once by the real
 * channel, and a given-up row's emails marked not delivered before a new one is queued.
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  leadEmailDeliverer,
  readSentEmail,
  sendLeadEmail,
} from "../../src/admin/emails/leadEmails";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore, StaffRecord } from "../../src/admin/store/types";
import { newLeadId } from "../../src/server/id";
import type { LeadRecord, LeadStore } from "../../src/leads/store/types";
import {
  deliveryEnv,
  EMAIL_FROM,
  EMAIL_TO,
  startSmtpReceiver,
  type SmtpReceiver,
} from "./notify-support";
import {
  onBothStores,
  openServerStore,
  ownerSession,
  postAdminForm,
  postJson,
  serverStore,
  startServer,
  storeQuery,
  validLeads,
  type RunningServer,
} from "./support";

const SITE_URL = "https://agency.example";

/** Resolves `check`'s value once it has one (polling), or fails after `ms`. */
async function until<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`nothing after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The text of a page's element marked `data-<mark>`, tags dropped. */
function section(html: string, mark: string): string {
  const match = new RegExp(`<(section|ol)[^>]*data-${mark}[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return (match?.[2] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("emails to a lead (sqlite)", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let cookie = "";
  const OWNER = "writer@example.test";

  beforeAll(async () => {
    const store = serverStore("sqlite", "admin-lead-email");
    cleanup = store.cleanup;
    smtp = await startSmtpReceiver();
    env = {
      ...store.env,
      ...deliveryEnv(smtp, null),
      SITE_URL,
      LOG_LEVEL: "warn",
      LEAD_REMINDER_MINUTES: "off",
    };
    server = await startServer(env);
    cookie = await ownerSession(server, store.env, OWNER);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await cleanup?.();
  });

  const get = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
  const post = (path: string, fields: Record<string, string>) =>
    postAdminForm(server, path, fields, cookie);
  const query = <T>(sql: string) => {
    const q = storeQuery("sqlite", env);
    return q.rows<T>(sql).finally(() => q.close());
  };
  /** An audit request from the public form. */
  const auditLead = async (email: string) => {
    const res = await postJson(server.url, {
      _form: "audit",
      _t: "9000",
      ...validLeads.audit,
      email,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const emailEvents = (id: string) =>
    query<{ body: string }>(
      `SELECT body FROM lead_events WHERE lead_id = '${id}' AND kind = 'email'`,
    );

  it("offers the form's template filled in, sends it with Reply-To and both parts, and shows it sent", async () => {
    const to = "dana.email@greenacres.test";
    const id = await auditLead(to);
    const page = await get(`/admin/leads/${id}`);
    // The audit form's template, preselected and filled in from the lead and the site config.
    expect(page).toMatch(/<option value="audit-reply" selected="">Audit reply<\/option>/);
    // No scored check yet: the check's values stay as typed for staff to fill in (D253).
    expect(page).toContain(
      'value="Your website scored {score}/100: your free audit from Greenline Growth"',
    );
    expect(page).toMatch(/Hi Dana,\s+Thank you for asking for a free marketing audit of/);
    expect(section(page, "lead-email")).toContain(`To ${to} Replies go to ${OWNER}`);
    // Another template on request (a GET form: works without script).
    expect(await get(`/admin/leads/${id}?template=general`)).toContain(
      'value="Following up from Greenline Growth"',
    );

    const subject = `Your audit, <b>Dana</b> & "co"`;
    const body = "Hi Dana,\n\nHere is what we found.\nThree fixes: <script>alert(1)</script>";
    const sent = await post(`/admin/leads/${id}`, {
      action: "email",
      template: "audit-reply",
      subject,
      body,
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/admin/leads/${id}?saved=email`);

    const mail = await until(async () =>
      smtp.messages.find((m) => m.header("x-lead-id") === id && m.header("subject") === subject),
    );
    expect(mail.envelopeTo).toEqual([to]);
    expect(mail.header("to")).toBe(to);
    expect(mail.header("reply-to")).toBe(OWNER);
    expect(mail.header("from")).toBe(EMAIL_FROM);
    expect(mail.text).toContain(
      "Hi Dana,\n\nHere is what we found.\nThree fixes: <script>alert(1)</script>",
    );
    expect(mail.text).toContain("Greenline Growth · (555) 555-0142");
    expect(mail.html).toContain(
      "Here is what we found.<br>Three fixes: &lt;script&gt;alert(1)&lt;/script&gt;",
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.header("message-id")).toMatch(/^<[\w-]+@greenline\.test>$/);

    // On the timeline: who, what, and sent once the outbox delivered it.
    const timeline = await until(async () => {
      const html = await get(`/admin/leads/${id}`);
      return section(html, "timeline").includes("Sent ") ? html : undefined;
    });
    const items = section(timeline, "timeline");
    expect(items).toContain("Email: Your audit, &lt;b&gt;Dana&lt;/b&gt; &amp; &quot;co&quot;");
    expect(items).toContain(`To ${to} · replies to ${OWNER} · Sent `);
    expect(items).toContain("Three fixes: &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(items).toContain(`by ${OWNER}`);
    expect(timeline).not.toContain("<script>alert(1)");
    // The first contact for speed to lead; the status stays where it was.
    const [lead] = await query<{ status: string; first_contacted_at: unknown }>(
      `SELECT status, first_contacted_at FROM leads WHERE id = '${id}'`,
    );
    expect(lead!.status).toBe("new");
    expect(lead!.first_contacted_at).not.toBeNull();
    const audited = await query<{ action: string }>(
      `SELECT action FROM audit_log WHERE subject = '${id}' AND action = 'lead_email'`,
    );
    expect(audited).toHaveLength(1);
    // A second email to the same lead is its own message.
    const again = await post(`/admin/leads/${id}`, {
      action: "email",
      template: "general",
      subject: "One more thing",
      body: "P.S.",
    });
    expect(again.status).toBe(303);
    const second = await until(async () =>
      smtp.messages.find((m) => m.header("subject") === "One more thing"),
    );
    expect(second.header("message-id")).not.toBe(mail.header("message-id"));
    expect(smtp.messages.filter((m) => m.header("subject") === subject)).toHaveLength(1);
  });

  it("refuses empty and too long text and a lead without an address, storing nothing", async () => {
    const id = await auditLead("refused@greenacres.test");
    const cases: [Record<string, string>, string][] = [
      [{ subject: "", body: "Hello" }, "Write a subject."],
      [{ subject: "Hi", body: "  \n " }, "Write the message."],
      [{ subject: "x".repeat(151), body: "Hello" }, "The subject is too long: 150 characters"],
      [{ subject: "Hi", body: "x".repeat(5001) }, "The message is too long: 5,000 characters"],
      [{ subject: "Hi\r\nBcc: x@evil.test", body: "Hello" }, "one line of plain text"],
      [{ subject: "Hi", body: "Hello", template: "nope" }, "Choose one of the templates."],
    ];
    for (const [fields, message] of cases) {
      const res = await post(`/admin/leads/${id}`, {
        action: "email",
        template: "general",
        ...fields,
      });
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(422);
      const html = await res.text();
      expect(html).toContain(message);
    }
    // What was typed comes back, escaped.
    const typed = await post(`/admin/leads/${id}`, {
      action: "email",
      template: "general",
      subject: "",
      body: "<script>alert(2)</script>",
    });
    const html = await typed.text();
    expect(html).not.toContain("<script>alert(2)");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(await emailEvents(id)).toHaveLength(0);

    // An older lead whose address cannot be written to (stored before today's checks).
    const store = openServerStore("sqlite", env);
    const at = new Date().toISOString();
    const odd: LeadRecord = {
      id: newLeadId(),
      kind: "contact",
      form: "contact",
      subject: null,
      createdAt: at,
      spam: false,
      fields: { "full-name": "Nora Noaddress", email: "Nora <nora@x.test>", message: "Hi" },
      metadata: {
        source: "contact_form",
        page: "/",
        landingPage: null,
        referrer: null,
        timestamp: at,
        userAgent: null,
        utm: {},
        ipHash: null,
        spamReasons: [],
      },
    };
    await store.insert(odd);
    await store.close();
    expect(section(await get(`/admin/leads/${odd.id}`), "lead-email")).toContain(
      "This lead gave no email address we can write to.",
    );
    const none = await post(`/admin/leads/${odd.id}`, {
      action: "email",
      template: "general",
      subject: "Hi",
      body: "Hello",
    });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("This lead gave no email address we can write to.");
    expect(await emailEvents(odd.id)).toHaveLength(0);
  });

  it("keeps a template edit, offers it on a lead's page, and restores the default", async () => {
    const edit = await post("/admin/templates", {
      template: "general",
      action: "save",
      subject: "A word from {agencyName}, {firstName}",
      body: "Hello {firstName},\n\nCall {agencyPhone}.\n\n{staffEmail}",
    });
    expect(edit.status).toBe(303);
    expect(edit.headers.get("location")).toBe("/admin/templates?saved=general#template-general");
    const list = await get("/admin/templates");
    expect(list).toContain('value="A word from {agencyName}, {firstName}"');
    expect(section(list, 'template="general"')).toContain(`Edited by ${OWNER}`);
    const id = await auditLead("edited@greenacres.test");
    const page = await get(`/admin/leads/${id}?template=general`);
    expect(page).toContain('value="A word from Greenline Growth, Dana"');
    expect(page).toMatch(/Hello Dana,\s+Call \(555\) 555-0142\.\s+writer@example\.test/);

    const unknown = await post("/admin/templates", {
      template: "general",
      action: "save",
      subject: "Hi {nickname}",
      body: "Hello",
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain("There is no placeholder {nickname}.");
    const empty = await post("/admin/templates", {
      template: "general",
      action: "save",
      subject: "Hi",
      body: "",
    });
    expect(empty.status).toBe(422);
    expect(await get("/admin/templates")).toContain(
      'value="A word from {agencyName}, {firstName}"',
    );

    const reset = await post("/admin/templates", { template: "general", action: "reset" });
    expect(reset.status).toBe(303);
    expect(await get("/admin/templates")).toContain('value="Following up from {agencyName}"');
  });
});

describe("without SMTP", () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  let cookie = "";
  let env: Record<string, string>;

  beforeAll(async () => {
    const store = serverStore("sqlite", "admin-lead-email-nosmtp");
    cleanup = store.cleanup;
    env = { ...store.env, SITE_URL, LOG_LEVEL: "warn", LEADS_RATE_LIMIT: "off" };
    server = await startServer(env);
    cookie = await ownerSession(server, store.env, "nosmtp@example.test");
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("says so on the lead's page and refuses a send with 422, storing nothing", async () => {
    const res = await postJson(server.url, { _form: "quick", _t: "9000", ...validLeads.quick });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const q = storeQuery("sqlite", env);
    const page = await (
      await fetch(`${server.url}/admin/leads/${id}`, { headers: { cookie } })
    ).text();
    expect(section(page, "lead-email")).toContain("Email is not set up for the inbox");
    const sent = await postAdminForm(
      server,
      `/admin/leads/${id}`,
      { action: "email", template: "call-confirmation", subject: "Hi", body: "Hello" },
      cookie,
    );
    expect(sent.status).toBe(422);
    expect(await sent.text()).toContain("Email is not set up for the inbox");
    expect(await q.rows("SELECT id FROM lead_events WHERE kind = 'email'")).toHaveLength(0);
    expect(await q.rows("SELECT id FROM outbox WHERE channel = 'lead-email'")).toHaveLength(0);
    const [lead] = await q.rows<{ first_contacted_at: string | null }>(
      `SELECT first_contacted_at FROM leads WHERE id = '${id}'`,
    );
    expect(lead!.first_contacted_at).toBeNull();
    await q.close();
  });
});

// ---------------------------------------------------------------------------------------------
// On the stores: one outbox row per lead, every queued email sent once, a given-up row's emails
// marked not delivered before a new one is queued.

function storedLead(email: string): LeadRecord {
  const at = new Date().toISOString();
  return {
    id: newLeadId(),
    kind: "quick",
    form: "quick",
    subject: null,
    createdAt: at,
    spam: false,
    fields: { name: "Sky Store", email, phone: "+15125550100" },
    metadata: {
      source: "quick_form",
      page: "/",
      landingPage: null,
      referrer: null,
      timestamp: at,
      userAgent: null,
      utm: {},
      ipHash: null,
      spamReasons: [],
    },
  };
}

await onBothStores("lead-email-store", (name, open, cleanup) => {
  describe(`emails to a lead in the store: ${name}`, () => {
    let leads: LeadStore;
    let admin: AdminStore;
    let smtp: SmtpReceiver;
    beforeAll(async () => {
      leads = await open();
      admin = adminStoreFor(leads);
      smtp = await startSmtpReceiver();
    });
    afterAll(async () => {
      await leads?.close();
      await smtp?.close();
      await cleanup();
    });
    const settings = () => ({
      smtpUrl: smtp.url,
      to: [EMAIL_TO],
      from: EMAIL_FROM,
      timeoutMs: 4000,
      origin: "http://127.0.0.1",
    });
    const actor = { id: "staff-1", email: "sam@agency.test" } as StaffRecord;
    const send = (lead: LeadRecord, subject: string, at: Date) =>
      sendLeadEmail(
        admin,
        lead,
        { template: "general", subject, body: `About ${subject}` },
        actor,
        settings(),
        at,
      );
    const row = async (id: string) =>
      (await leads.listNotifications(["pending", "sent", "failed"], id)).filter(
        (r) => r.channel === "lead-email",
      );
    const states = async (id: string) =>
      (await admin.leadEmailEvents(id)).map((e) => {
        const email = readSentEmail(e.body)!;
        return `${email.subject}:${email.state}`;
      });
    /** Claims the lead's row and delivers it with the real channel; the outcome is recorded. */
    const deliver = async (id: string) => {
      const [claimed] = await leads.claimNotifications({
        owner: "test",
        now: new Date(Date.now() + 60 * 60_000),
        leaseMs: 60_000,
        limit: 10,
        channels: ["lead-email"],
      });
      expect(claimed?.lead.id).toBe(id);
      const channel = leadEmailDeliverer(settings(), async () => leads);
      try {
        await channel.deliver(claimed!, new AbortController().signal);
        await leads.finishNotification(claimed!.row.id, "test", { status: "sent" }, new Date());
        return "sent";
      } catch (error) {
        await leads.finishNotification(
          claimed!.row.id,
          "test",
          { status: "failed", error: (error as Error).message },
          new Date(),
        );
        return "failed";
      } finally {
        channel.close?.();
      }
    };

    it("keeps one row per lead, sends every queued email once, and marks a given-up row's emails", async () => {
      const lead = storedLead(`sky.${name.toLowerCase()}@store.test`);
      await leads.insert(lead);
      const first = new Date(Date.parse(lead.createdAt) + 5 * 60_000);
      expect(await send(lead, "One", first)).toEqual({ ok: true });
      expect(await send(lead, "Two", new Date(first.getTime() + 60_000))).toEqual({ ok: true });
      expect(await row(lead.id)).toHaveLength(1);
      expect(await states(lead.id)).toEqual(["One:queued", "Two:queued"]);
      // The first email is the first contact; the second leaves it as it was.
      expect((await admin.leadWork(lead.id))?.firstContactedAt).toBe(first.toISOString());
      expect((await admin.leadWork(lead.id))?.status).toBe("new");

      expect(await deliver(lead.id)).toBe("sent");
      expect(await states(lead.id)).toEqual(["One:sent", "Two:sent"]);
      const mails = smtp.messages.filter((m) => m.header("x-lead-id") === lead.id);
      expect(mails.map((m) => m.header("subject"))).toEqual(["One", "Two"]);
      expect(mails.every((m) => m.header("reply-to") === actor.email && m.text && m.html)).toBe(
        true,
      );

      // The server refuses: the row is given up, the email stays queued (shown not delivered).
      smtp.mode = "tempfail";
      await send(lead, "Three", new Date(first.getTime() + 2 * 60_000));
      expect(await deliver(lead.id)).toBe("failed");
      expect((await row(lead.id))[0]?.status).toBe("failed");
      expect(await states(lead.id)).toEqual(["One:sent", "Two:sent", "Three:queued"]);
      // A new email marks it failed rather than sending it late, and arms the row again.
      smtp.mode = "up";
      await send(lead, "Four", new Date(first.getTime() + 3 * 60_000));
      expect(await states(lead.id)).toEqual([
        "One:sent",
        "Two:sent",
        "Three:failed",
        "Four:queued",
      ]);
      expect((await row(lead.id))[0]).toMatchObject({ status: "pending", attempts: 0 });
      expect(await deliver(lead.id)).toBe("sent");
      expect(
        smtp.messages
          .filter((m) => m.header("x-lead-id") === lead.id)
          .map((m) => m.header("subject")),
      ).toEqual(["One", "Two", "Four"]);

      // No such lead: nothing stored.
      const ghost = storedLead("ghost@store.test");
      expect(await send(ghost, "Boo", new Date())).toMatchObject({ ok: false, status: 404 });
      expect(await admin.leadEmailEvents(ghost.id)).toEqual([]);
    });

    it("keeps a template edit with who and when, replaces it on a second save, and resets it", async () => {
      const owner = await admin.ensureStaff({
        id: newLeadId(),
        email: "tess@agency.test",
        role: "owner",
        at: new Date().toISOString(),
      });
      const save = (subject: string, at: string) =>
        admin.saveEmailTemplate({
          id: "general",
          subject,
          body: `${subject} body`,
          actorId: owner.id,
          at,
        });
      expect(await admin.emailTemplateEdits()).toEqual([]);
      await save("First words", "2030-01-01T10:00:00.000Z");
      await save("Second words", "2030-01-01T11:00:00.000Z");
      expect(await admin.emailTemplateEdits()).toEqual([
        {
          id: "general",
          subject: "Second words",
          body: "Second words body",
          updatedAt: "2030-01-01T11:00:00.000Z",
          updatedByEmail: "tess@agency.test",
        },
      ]);
      expect(await admin.resetEmailTemplate("general")).toBe(true);
      expect(await admin.resetEmailTemplate("general")).toBe(false);
      expect(await admin.emailTemplateEdits()).toEqual([]);
    });
  });
});
