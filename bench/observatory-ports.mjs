/**
 * Preloaded (`node --import`) into the MDN HTTP Observatory's own command line (src/scan.js of
 * npm @mdn/mdn-http-observatory) by `npm run bench:observatory`. Its scan() always asks ports 80
 * and 443; its retriever takes other ports, but scan() passes none. This module hooks one import,
 * the scanner's retriever, and answers it with a retriever that asks OBSERVATORY_HTTP_PORT and
 * OBSERVATORY_HTTPS_PORT instead. The scanner's tests and grading run unchanged.
 */
import { registerHooks } from "node:module";
import { retrieve as retrieveOnDefaultPorts } from "@mdn/mdn-http-observatory/src/retriever/retriever.js";

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      specifier === "../retriever/retriever.js" &&
      context.parentURL?.endsWith("/@mdn/mdn-http-observatory/src/scanner/index.js")
    ) {
      return { url: import.meta.url, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});

export function retrieve(hostname, options = {}) {
  return retrieveOnDefaultPorts(hostname, {
    ...options,
    httpPort: process.env.OBSERVATORY_HTTP_PORT,
    httpsPort: process.env.OBSERVATORY_HTTPS_PORT,
  });
}
