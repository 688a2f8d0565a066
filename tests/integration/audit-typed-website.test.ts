/**
 * The website goes to the check as it was typed (issue 38): an audit lead whose website is a
 * site without a certificate, typed without a scheme (`greenacres.loopback.test:PORT`), is
 * checked over https first and then http, as a browser does, and scored with `https` failed,
 * not reported as 'We could not check this website'. The lead keeps the website as typed; the
 * check's job names it so. The real built server (SQLite) and engine, a loopback fixture site.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditJobStoreFor } from "../../src/audit/store";
import { openAuditToken } from "../../src/audit/token";
import type { LeadStore } from "../../src/leads/store/types";
import { serveSite, strongSite, type FixtureSite } from "../support/auditSites";
import { loopbackNodeOptions, until } from "./audit-support";
import {
  openServerStore,
  postForm,
  serverStore,
  startServer,
  validLeads,
  type RunningServer,
} from "./support";

const SALT = "audit-typed-test-salt-0123456789abcd";

describe("a website typed without a scheme", () => {
  let site: FixtureSite;
  let server: RunningServer;
  let store: LeadStore;
  let cleanup: () => Promise<void>;
  let typed: string;

  beforeAll(async () => {
    // Plain http only: a TLS handshake on its port fails, as on a host without a certificate.
    site = await serveSite((origin) =>
      strongSite(origin.replace("127.0.0.1", "greenacres.loopback.test")),
    );
    typed = site.hostPort.replace("127.0.0.1", "greenacres.loopback.test");
    const s = serverStore("sqlite", "audit-typed");
    cleanup = s.cleanup;
    server = await startServer({
      ...s.env,
      IP_HASH_SALT: SALT,
      LEADS_RATE_LIMIT: "off",
      AUDIT_CONCURRENCY: "1",
      AUDIT_ALLOW_HOSTS: typed,
      NODE_OPTIONS: loopbackNodeOptions,
      AUDIT_POLL_MS: "200",
    });
    store = openServerStore("sqlite", s.env);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await site?.close();
    await cleanup?.();
  });

  it("from the form: checked over http, scored with https failed; the lead keeps what was typed", async () => {
    const response = await postForm(server.url, {
      _form: "audit",
      ...validLeads.audit,
      website: ` ${typed} `,
    });
    expect(response.status).toBe(303);
    const token = new URL(response.headers.get("location")!, server.url).searchParams.get("t")!;
    const opened = openAuditToken(token, SALT);
    if (!opened.ok) throw new Error("the thank-you link's token does not open");
    const job = await until(async () => {
      const j = await auditJobStoreFor(store).get(opened.jobId);
      return j?.status === "done" ? j : null;
    }, 60_000);
    expect(job.url).toBe(typed);
    expect(job.report).toMatchObject({
      outcome: "ok",
      url: typed,
      finalUrl: `http://${typed}/`,
    });
    expect(job.report!.checks.find((c) => c.id === "https")?.status).toBe("fail");
    expect(job.report!.score).toBeGreaterThanOrEqual(80);
    expect((await store.get(job.leadId!))?.fields.website).toBe(typed);
    // The site saw the https attempt fail (no request), then our robot over http, robots.txt first.
    expect(site.requests[0]).toBe("/robots.txt");
  });
});
