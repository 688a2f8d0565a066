/**
 * The owner's Webhooks page (issue 39 §2) on the real server with a real webhook receiver that
 * checks every signature: it names where the webhook sends and lists each delivery with its
 * status, attempts and last error; 'Send a test' queues a signed `webhook.test` delivery of a
 * sample lead through the outbox, which the receiver gets and the page then lists as delivered;
 * a receiver that fails shows as waiting with its error; staff who are not owners get 403.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadConfig } from "../../src/leads/config";
import { openStore } from "../../src/leads/store/index";
import { mintSession } from "../support/staffSession";
import { deliveryEnv, startWebhookReceiver, waitFor, type WebhookReceiver } from "./notify-support";
import {
  ownerSession,
  postAdminForm,
  postJson,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

describe("webhook deliveries page (sqlite)", () => {
  let server: RunningServer;
  let hook: WebhookReceiver;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let cookie = "";

  beforeAll(async () => {
    const store = serverStore("sqlite", "webhooks-page");
    cleanup = store.cleanup;
    hook = await startWebhookReceiver();
    env = {
      ...store.env,
      ...deliveryEnv(null, hook),
      LOG_LEVEL: "warn",
      LEAD_REMINDER_MINUTES: "off",
    };
    server = await startServer(env);
    cookie = await ownerSession(server, store.env);
  });
  afterAll(async () => {
    await server?.stop();
    await hook?.close();
    await cleanup?.();
  });

  const page = async () => {
    const res = await fetch(`${server.url}/admin/webhooks`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return res.text();
  };
  /** The text of the deliveries table's row of outbox row `id`, tags dropped. */
  const row = (html: string, id: string) =>
    (new RegExp(`<tr[^>]*data-delivery="${id}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();

  it("names the address and lists a lead's delivery as delivered", async () => {
    expect(await page()).toContain("No deliveries yet.");
    const res = await postJson(server.url, { _form: "quick", _t: "9000", ...validLeads.quick });
    const { id } = (await res.json()) as { id: string };
    await waitFor(
      () => hook.deliveries.some((d) => d.payload.data.id === id),
      15_000,
      "the lead's webhook",
    );
    const html = await page();
    expect(html).toContain(
      `<code class="break-all">${new URL(hook.url).origin}/hooks/leads</code>`,
    );
    expect(html).toContain(`href="/admin/leads/${id}"`);
    const deliveryId = hook.deliveries.find((d) => d.payload.data.id === id)!.id;
    expect(row(html, deliveryId)).toMatch(/Delivered 1 +\w{3} \d+, \d{4}/);
  });

  it("'Send a test' delivers a signed webhook.test of a sample lead, listed as a test", async () => {
    const before = hook.deliveries.length;
    const res = await postAdminForm(server, "/admin/webhooks", { action: "test" }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/webhooks?test=queued");
    await waitFor(
      () => hook.deliveries.slice(before).some((d) => d.payload.type === "webhook.test"),
      15_000,
      "the test delivery",
    );
    const test = hook.deliveries.slice(before).find((d) => d.payload.type === "webhook.test")!;
    // The receiver verified its signature (a bad one is refused and not listed).
    expect(hook.badSignatures).toBe(0);
    expect(test.payload.data).toMatchObject({
      id: test.id,
      form: "contactPage",
      fields: { "full-name": "Test Lead", email: "test.lead@example.com" },
    });
    const html = await page();
    expect(row(html, test.id)).toMatch(/Test delivery Delivered 1/);
    expect(
      await (
        await fetch(`${server.url}/admin/webhooks?test=queued`, { headers: { cookie } })
      ).text(),
    ).toContain("Test delivery queued");
  });

  it("shows a failing receiver's delivery as waiting with its last error", async () => {
    await hook.setMode("503");
    try {
      const res = await postJson(server.url, {
        _form: "quick",
        _t: "9000",
        ...validLeads.quick,
        email: "quinn.fail@example.test",
      });
      const { id } = (await res.json()) as { id: string };
      let text = "";
      await waitFor(
        async () => {
          const html = await page();
          const rowId =
            /<tr[^>]*data-delivery="([^"]+)"[^>]*>(?:(?!<\/tr>)[\s\S])*?href="\/admin\/leads\/([^"]+)"/g;
          for (const m of html.matchAll(rowId)) if (m[2] === id) text = row(html, m[1]!);
          return /webhook: HTTP 503/.test(text);
        },
        15_000,
        "the failed attempt on the page",
      );
      expect(text).toMatch(/Waiting, next try .+ [1-9]\d* webhook: HTTP 503/);
    } finally {
      await hook.setMode("up");
    }
  });

  it("is for owners: staff get 403", async () => {
    const leads = await openStore(leadConfig(env));
    let staff: string;
    try {
      staff = `gl_session=${await mintSession(leads, "staffer@example.test", "staff")}`;
    } finally {
      await leads.close();
    }
    expect(
      (await fetch(`${server.url}/admin/webhooks`, { headers: { cookie: staff } })).status,
    ).toBe(403);
    expect((await postAdminForm(server, "/admin/webhooks", { action: "test" }, staff)).status).toBe(
      403,
    );
  });
});
