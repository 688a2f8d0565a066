/**
 * Tests only, preloaded into a test server (NODE_OPTIONS=--import …): host names ending in
 * `.loopback.test` resolve to 127.0.0.1, so an audit lead can name a fixture site the way a
 * prospect types a website (a public-looking name the form accepts), while the connection stays
 * on loopback. Every other name resolves as usual. The server's code is not changed: node:dns's
 * lookup is replaced before it loads (syncBuiltinESMExports updates its named imports).
 */
import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";

const realLookup = dns.promises.lookup;
const loopback = { address: "127.0.0.1", family: 4 };
dns.promises.lookup = (host, options) =>
  /\.loopback\.test$/i.test(String(host))
    ? Promise.resolve(options?.all ? [loopback] : loopback)
    : realLookup(host, options);
syncBuiltinESMExports();
