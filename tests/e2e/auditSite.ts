/**
 * The e2e run's fixture website for the instant website check (playwright.config.ts starts it
 * beside the server): the weak landscaper site of tests/support/auditSites.ts on 127.0.0.1 at
 * AUDIT_SITE_PORT, which the server reaches as lawnpros.loopback.test (tests/support/
 * loopbackNames.mjs) because AUDIT_ALLOW_HOSTS names it. Loopback only.
 */
import http from "node:http";
import { weakSite } from "../support/auditSites.ts";

const port = Number(process.env.AUDIT_SITE_PORT);
const routes = weakSite();
http
  .createServer((req, res) => {
    const route = routes[(req.url ?? "/").split("?")[0]!];
    if (!route) {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Not found</title><h1>Not found</h1>");
      return;
    }
    res.writeHead(route.status ?? 200, {
      "content-type": route.type ?? "text/html; charset=utf-8",
      ...route.headers,
    });
    res.end(route.body ?? "");
  })
  .listen(port, "127.0.0.1");
