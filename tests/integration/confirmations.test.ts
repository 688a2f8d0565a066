/**
 * Confirmation emails to visitors (issue 39 §2) on the real server with a real SMTP receiver:
 * a contact, call or growth request queues one 'confirmation' outbox row with the lead and the
 * visitor gets the template's words with the agency's name and phone filled in; other forms and
 * possible spam get none; an owner's edit is what is sent next; switched off, no row is queued
 * (and staff cannot switch it). The switch and the template's state on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmationEmail,
  confirmationTemplates,
  confirmationWanted,
  switchConfirmation,
} from "../../src/admin/emails/confirmations";
import { adminStoreFor } from "../../src/admin/store/index";
import type { LeadStore } from "../../src/leads/store/types";
import { deliveryEnv, startSmtpReceiver, waitFor, type SmtpReceiver } from "./notify-support";
import {
  contactLead,
  onBothStores,
  ownerSession,
  postAdminForm,
  postJson,
  serverStore,
  startServer,
  storeQuery,
  validLeads,
  type RunningServer,
} from "./support";
import { mintSession } from "../support/staffSession";
import { leadConfig } from "../../src/leads/config";
import { openStore } from "../../src/leads/store/index";

describe("confirmation emails (sqlite)", () => {
  let server: RunningServer;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let cookie = "";

  beforeAll(async () => {
    const store = serverStore("sqlite", "confirmations");
    cleanup = store.cleanup;
    smtp = await startSmtpReceiver();
    env = {
      ...store.env,
      ...deliveryEnv(smtp, null),
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

  const confirmationRows = async (id: string) => {
    const q = storeQuery("sqlite", env);
    return q
      .rows<{ channel: string }>(
        `SELECT channel FROM outbox WHERE lead_id = '${id}' AND channel = 'confirmation'`,
      )
      .finally(() => q.close());
  };
  const post = async (form: keyof typeof validLeads, email: string, extra = {}) => {
    const res = await postJson(server.url, {
      _form: form,
      _t: "9000",
      ...validLeads[form],
      email,
      ...extra,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const mailTo = async (to: string) => {
    await waitFor(
      () => smtp.messages.some((m) => m.envelopeTo.includes(to)),
      15_000,
      `the confirmation to ${to}`,
    );
    return smtp.messages.find((m) => m.envelopeTo.includes(to))!;
  };

  it("sends the visitor of a contact, call or growth request its confirmation with the agency's name and phone", async () => {
    const contact = await post("contact", "casey.confirm@example.test");
    const quick = await post("quick", "quinn.confirm@example.test");
    const growth = await post("growth", "gale.confirm@example.test");
    for (const id of [contact, quick, growth]) expect(await confirmationRows(id)).toHaveLength(1);

    const mail = await mailTo("casey.confirm@example.test");
    expect(mail.header("subject")).toBe("We got your message, Casey");
    expect(mail.header("from")).toContain("leads@greenline.test");
    expect(mail.text).toContain("Hi Casey,");
    expect(mail.text).toContain("Thanks for writing to Greenline Growth.");
    expect(mail.text).toContain("(555) 555-0142");
    expect((await mailTo("quinn.confirm@example.test")).header("subject")).toBe(
      "We will call you soon, Quinn",
    );
    expect((await mailTo("gale.confirm@example.test")).text).toContain(
      "Thanks for telling Greenline Growth about your business",
    );
  });

  it("sends none for other forms or possible spam", async () => {
    const audit = await post("audit", "dana.confirm@example.test");
    const spam = await post("contact", "bot.confirm@example.test", { fax: "buy now" });
    expect(await confirmationRows(audit)).toEqual([]);
    expect(await confirmationRows(spam)).toEqual([]);
  });

  it("sends an owner's edit, and nothing once the owner switches it off", async () => {
    const saved = await postAdminForm(
      server,
      "/admin/templates",
      {
        template: "confirm-call",
        action: "save",
        subject: "Thanks {firstName}, {agencyName} will ring you",
        body: "Hi {firstName},\n\nWe ring back within the hour. {agencyPhone}",
      },
      cookie,
    );
    expect(saved.status).toBe(303);
    await post("quick", "quinn.edited@example.test");
    const edited = await mailTo("quinn.edited@example.test");
    expect(edited.header("subject")).toBe("Thanks Quinn, Greenline Growth will ring you");
    expect(edited.text).toContain("We ring back within the hour. (555) 555-0142");

    const off = await postAdminForm(
      server,
      "/admin/templates",
      { template: "confirm-call", action: "off" },
      cookie,
    );
    expect(off.status).toBe(303);
    const templates = await (
      await fetch(`${server.url}/admin/templates`, { headers: { cookie } })
    ).text();
    expect(templates).toMatch(/data-confirmation="confirm-call"[^>]*data-enabled="no"/);
    const quiet = await post("quick", "quinn.off@example.test");
    expect(await confirmationRows(quiet)).toEqual([]);
    // The others stay on.
    expect(await confirmationRows(await post("contact", "casey.on@example.test"))).toHaveLength(1);
  });

  it("refuses staff who are not owners (403), changing nothing", async () => {
    const leads = await openStore(leadConfig(env));
    let staffCookie: string;
    try {
      staffCookie = `gl_session=${await mintSession(leads, "staffer@example.test", "staff")}`;
    } finally {
      await leads.close();
    }
    const res = await postAdminForm(
      server,
      "/admin/templates",
      { template: "confirm-contact", action: "off" },
      staffCookie,
    );
    expect(res.status).toBe(403);
    expect(await confirmationRows(await post("contact", "casey.still@example.test"))).toHaveLength(
      1,
    );
  });
});

await onBothStores("confirmations-store", (name, open, cleanup) => {
  describe(`confirmation switch (${name})`, () => {
    let store: LeadStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
      await cleanup();
    });

    it("is on by default, off once switched (keeping its words), on again", async () => {
      const db = store.connection.db;
      const lead = contactLead("2026-11-28T10:00:00.000Z", {
        fields: { "full-name": "Rosa Waiting", email: "rosa@waiting.test", message: "Hi" },
      });
      expect(await confirmationWanted(db, lead)).toBe(true);
      const admin = adminStoreFor(store);
      const owner = await admin.ensureStaff({
        id: "owner-1",
        email: "owner@example.test",
        role: "owner",
        at: "2026-11-28T09:00:00.000Z",
      });
      await admin.saveEmailTemplate({
        id: "confirm-contact",
        subject: "Hello {firstName}",
        body: "Edited words",
        actorId: owner.id,
        at: "2026-11-28T09:30:00.000Z",
      });
      await switchConfirmation(db, {
        id: "confirm-contact",
        enabled: false,
        actorId: owner.id,
        at: "2026-11-28T10:00:00.000Z",
      });
      expect(await confirmationWanted(db, lead)).toBe(false);
      expect(await confirmationEmail(db, lead)).toBeNull();
      const [contact] = await confirmationTemplates(db);
      expect(contact).toMatchObject({
        id: "confirm-contact",
        enabled: false,
        edited: true,
        subject: "Hello {firstName}",
        updatedByEmail: "owner@example.test",
      });
      await switchConfirmation(db, {
        id: "confirm-contact",
        enabled: true,
        actorId: owner.id,
        at: "2026-11-28T11:00:00.000Z",
      });
      expect(await confirmationWanted(db, lead)).toBe(true);
      expect((await confirmationEmail(db, lead))!.subject).toBe("Hello Rosa");
      // A spam-flagged lead or a form without one: never.
      expect(await confirmationWanted(db, { ...lead, spam: true })).toBe(false);
      expect(await confirmationWanted(db, { ...lead, form: "audit", kind: "audit" })).toBe(false);
    });
  });
});
