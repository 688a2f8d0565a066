/** What the production server sends: security and caching headers, precompressed text, status codes. */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { get } from "node:http";
import { site } from "../../src/config/site";
import { test, expect } from "./fixtures";

/** A GET whose body is not decoded, to see the bytes on the wire. */
function rawGet(
  url: URL,
  encoding: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on("error", reject);
  });
}

const security = {
  "strict-transport-security": /max-age=\d{8,}/,
  "x-content-type-options": /^nosniff$/,
  "referrer-policy": /^strict-origin-when-cross-origin$/,
  "permissions-policy": /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
};

async function firstAsset(
  request: import("@playwright/test").APIRequestContext,
  type: "js" | "css" | "image",
) {
  const html = await (await request.get("/")).text();
  const match = html.match(
    {
      image: /(\/_astro\/[^"\s]+\.avif)/,
      css: /href="(\/_astro\/[^"]+\.css)"/,
      js: /(\/_astro\/[^"]+\.js)/,
    }[type],
  );
  expect(match, `a ${type} asset on the home page`).not.toBeNull();
  return match![1]!;
}

test.describe("production server", () => {
  test("pages carry the security headers, revalidate, and never say what powers them", async ({
    request,
  }) => {
    const res = await request.get("/", { headers: { "accept-encoding": "identity" } });
    expect(res.status()).toBe(200);
    const headers = res.headers();
    for (const [name, value] of Object.entries(security))
      expect(headers[name], name).toMatch(value);
    expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(headers["x-powered-by"]).toBeUndefined();
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  test("hashed assets are immutable for a year and carry the security headers", async ({
    request,
  }) => {
    for (const type of ["js", "css", "image"] as const) {
      const res = await request.get(await firstAsset(request, type));
      expect(res.status()).toBe(200);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      for (const [name, value] of Object.entries(security))
        expect(res.headers()[name], name).toMatch(value);
    }
  });

  test("text is sent precompressed by content negotiation: brotli, gzip, or plain", async ({
    request,
    baseURL,
  }) => {
    const plain = await (
      await request.get("/", { headers: { "accept-encoding": "identity" } })
    ).body();
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await rawGet(new URL("/", baseURL), encoding);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
      expect(res.body.length).toBeLessThan(plain.length / 3);
      expect(decode(res.body).equals(plain)).toBe(true);
    }
    for (const type of ["js", "css"] as const) {
      const asset = await rawGet(new URL(await firstAsset(request, type), baseURL), "br");
      expect(asset.headers["content-encoding"], type).toBe("br");
      expect(brotliDecompressSync(asset.body).length).toBeGreaterThan(asset.body.length);
    }
  });

  test("a strict Content-Security-Policy and the security headers come with pages, assets and API answers", async ({
    request,
  }) => {
    const responses = {
      page: await request.get("/"),
      asset: await request.get(await firstAsset(request, "js")),
      api: await request.get("/api/health"),
      notFound: await request.get("/no-such-page"),
    };
    for (const [what, res] of Object.entries(responses)) {
      const headers = res.headers();
      for (const [name, value] of Object.entries(security))
        expect(headers[name], `${what}: ${name}`).toMatch(value);
      const csp = headers["content-security-policy"] ?? "";
      const directives = Object.fromEntries(
        csp.split(";").map((d) => {
          const [name = "", ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives["script-src"], `${what}: script-src`).toContain("'self'");
      expect(directives["script-src"]).not.toContain("'unsafe-inline'");
      expect(directives["script-src"]).not.toContain("'unsafe-eval'");
      expect(directives["frame-ancestors"]).toEqual(["'none'"]);
      expect(directives["form-action"]).toEqual(["'self'"]);
      expect(directives["object-src"]).toEqual(["'none'"]);
      expect(directives["frame-src"]).toEqual([
        "https://www.youtube-nocookie.com",
        new URL(site.scheduling.url).origin,
      ]);
      expect(headers["x-powered-by"], `${what}: x-powered-by`).toBeUndefined();
    }
  });

  test("prebuilt public pages leave the opener alone; staff pages, the API and the rest isolate it", async ({
    request,
  }) => {
    // D216: a same-origin opener policy costs a public page a new renderer process when it is
    // opened from a blank tab (Lighthouse, PageSpeed Insights); staff pages keep the isolation.
    for (const path of ["/", "/guides", "/contact-us", "/thank-you"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["cross-origin-opener-policy"], path).toBe("unsafe-none");
    }
    const asset = await firstAsset(request, "css");
    for (const path of ["/admin/forgot", "/admin", "/api/health", "/no-such-page", asset]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
    }
  });

  test("every inline script on the home page is allowed by its hash", async ({ request }) => {
    const res = await request.get("/");
    const csp = res.headers()["content-security-policy"] ?? "";
    const html = await res.text();
    const inline = [
      ...html.matchAll(
        /<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      const hash = createHash("sha256").update(script).digest("base64");
      expect(csp, script.slice(0, 60)).toContain(`'sha256-${hash}'`);
    }
  });

  test("pages made on demand are compressed too: the 404 keeps its status", async ({ baseURL }) => {
    const res = await rawGet(new URL("/no-such-page", baseURL), "br");
    expect(res.status).toBe(404);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.body).toString()).toMatch(/<h1/);
  });

  test("a repeat request with the ETag answers 304", async ({ request }) => {
    const first = await request.get("/", { headers: { "accept-encoding": "br" } });
    const etag = first.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await request.get("/", {
      headers: { "accept-encoding": "br", "if-none-match": etag! },
    });
    expect(again.status()).toBe(304);
  });

  test("paths outside the site folder are not served", async ({ request }) => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/_astro/../../server/entry.mjs",
    ]) {
      const res = await request.get(path);
      expect(res.status(), path).not.toBe(200);
    }
  });
});
