/**
 * Tests only, preloaded into a test server (NODE_OPTIONS=--import …): host names ending in
 * `.loopback.test` resolve to 127.0.0.1, so an audit lead can name a fixture site the way a
 * prospect types a website (a public-looking name the form accepts), while the connection stays
 * on loopback. Any other `.test` name (the reserved test domain the other specs' leads use) does
 * not resolve, without asking any resolver; every other name resolves as usual. The server's code is not changed: node:dns's
 * lookup is replaced before it loads (syncBuiltinESMExports updates its named imports).
 */
import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";

const realLookup = dns.promises.lookup;
const loopback = { address: "127.0.0.1", family: 4 };
dns.promises.lookup = (host, options) => {
  const name = String(host).toLowerCase();
  if (name.endsWith(".loopback.test")) return Promise.resolve(options?.all ? [loopback] : loopback);
  if (name.endsWith(".test")) {
    return Promise.reject(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" }),
    );
  }
  return realLookup(host, options);
};
syncBuiltinESMExports();
