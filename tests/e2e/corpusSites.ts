/**
 * Two sites of the accuracy corpus (tests/support/corpus/) for the browser tests, served on plain
 * http beside the server (playwright.config.ts): Green Acres without a certificate at
 * CORPUS_SITE_PORT (greenacres.loopback.test, typed without a scheme: the check must fall back to
 * http) and Green Acres as a JavaScript single-page app at CORPUS_SITE_PORT + 1
 * (jsapp.loopback.test). Both reach the server's check through tests/support/loopbackNames.mjs and
 * AUDIT_ALLOW_HOSTS. Loopback only.
 */
import http from "node:http";
import { greenAcresSite } from "../support/corpus/greenAcres.ts";
import { answer } from "../support/corpus/serve.ts";

const port = Number(process.env.CORPUS_SITE_PORT);
const now = new Date();
const sites = [
  { port, routes: greenAcresSite({ origin: `http://greenacres.loopback.test:${port}`, now }) },
  {
    port: port + 1,
    routes: greenAcresSite(
      { origin: `http://jsapp.loopback.test:${port + 1}`, now },
      { javascriptShell: true },
    ),
  },
];
for (const site of sites)
  http.createServer((req, res) => answer(site.routes, req, res)).listen(site.port, "127.0.0.1");
