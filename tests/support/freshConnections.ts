/**
 * Setup file of the integration and fault tests: every `fetch` asks for a connection of its own
 * (`Connection: close`) unless the test sets the header itself.
 *
 * The tests run the command lines with `spawnSync`, which stands the test's event loop still for
 * as long as the command runs. A keep-alive socket the server closed meanwhile (after its 5 s
 * idle timeout) is then still in fetch's pool when the next request goes out on it, and a POST
 * on it fails with "other side closed" (fetch retries only idempotent requests). Browsers retry
 * such a request on a new connection; this client simply never reuses one. A new loopback
 * connection costs well under a millisecond. Tests of connection handling itself (slow clients,
 * cut sockets) use raw sockets and are not affected.
 */
const nativeFetch = globalThis.fetch;

globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
  const headers = new Headers(
    init.headers ?? (input instanceof Request ? input.headers : undefined),
  );
  if (!headers.has("connection")) headers.set("connection", "close");
  return nativeFetch(input, { ...init, headers });
}) as typeof fetch;
