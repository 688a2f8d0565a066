/**
 * Passkeys over HTTP on the real server, on SQLite, with a software authenticator
 * (a P-256 key made here, answering as a browser would with attestation 'none'): adding one needs
 * the password first and a session; it then signs in alone (no email), its counter moves, and its
 * ceremony works once; a tampered signature, an unknown passkey and a cross-origin request are
 * refused, and repeated failures are throttled (429 with Retry-After).
 * The HTTP scenarios run on SQLite only: the store contract suites hold both stores to the
 * same behaviour, and postgres-smoke.test.ts runs each feature on a server over PostgreSQL.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStoreFor } from "../../src/admin/store/index";
import type { AdminStore } from "../../src/admin/store/types";
import type { LeadStore } from "../../src/leads/store/types";
import { adminCli, onBothStores, serverStore, startServer, type RunningServer } from "./support";

const PASSWORD = "mossy granite patio lantern";
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** A passkey held in memory: what a phone or a laptop does, without the phone or the laptop. */
class SoftwarePasskey {
  readonly id = randomBytes(16);
  readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  counter = 0;
  constructor(readonly origin: string) {}

  #authData(flags: number, extra: Uint8Array = new Uint8Array()) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([
      sha256(new URL(this.origin).hostname),
      Buffer.from([flags]),
      count,
      extra,
    ]);
  }

  #clientData(type: string, challenge: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  register(options: { challenge: string }) {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    // Flags: user present, user verified, attested credential data.
    const authData = this.#authData(
      0x45,
      Buffer.concat([Buffer.alloc(16), idLength, this.id, Buffer.from(cose)]),
    );
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.#clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestation),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  assert(options: { challenge: string }, tamper = false) {
    this.counter++;
    const authData = this.#authData(0x05);
    const clientData = this.#clientData("webauthn.get", options.challenge);
    const signature = createSign("sha256")
      .update(Buffer.concat([authData, sha256(clientData)]))
      .sign(this.keys.privateKey);
    if (tamper)
      signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 1, signature.length - 1);
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}

describe("passkeys over HTTP (sqlite)", () => {
  let server: RunningServer;
  let base = "";
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const post = (path: string, body: unknown, cookie = "", origin = base) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": path.startsWith("/api/")
          ? "application/json"
          : "application/x-www-form-urlencoded",
        origin,
        ...(cookie ? { cookie } : {}),
      },
      body: path.startsWith("/api/")
        ? JSON.stringify(body)
        : new URLSearchParams(body as Record<string, string>).toString(),
    });
  const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

  async function owner(email: string): Promise<string> {
    const link = (await adminCli(["invite", email, "--role", "owner"], env)).stdout.trim();
    const set = await post(link, { password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    return cookieOf(set);
  }

  beforeAll(async () => {
    const store = serverStore("sqlite", "passkeys");
    env = { ...store.env, ADMIN_SIGNIN_ACCOUNT_FAILURES: "3" };
    cleanup = store.cleanup;
    server = await startServer({ ...env, LOG_LEVEL: "error" });
    // A passkey belongs to a domain, never an IP address: the server by the name localhost.
    base = server.url.replace("127.0.0.1", "localhost");
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it("added after the password, a passkey signs in alone; each ceremony works once", async () => {
    const cookie = await owner("keys@example.test");
    const key = new SoftwarePasskey(base);

    expect((await post("/api/admin/passkeys/register-options", {})).status).toBe(401);
    const wrong = await post("/api/admin/passkeys/register-options", { password: "nope" }, cookie);
    expect(wrong.status).toBe(403);
    const started = await post(
      "/api/admin/passkeys/register-options",
      { password: PASSWORD },
      cookie,
    );
    expect(started.status).toBe(200);
    const { options, ceremony } = (await started.json()) as {
      options: { challenge: string; rp: { id: string }; user: { name: string } };
      ceremony: string;
    };
    expect(options.rp.id).toBe("localhost");
    expect(options.user.name).toBe("keys@example.test");
    const added = await post(
      "/api/admin/passkeys/register",
      { ceremony, response: key.register(options), name: "Soft key" },
      cookie,
    );
    expect(added.status).toBe(200);
    const account = await (await fetch(`${base}/admin/account`, { headers: { cookie } })).text();
    expect(account).toContain("Soft key");

    // Signed out: options without a cookie, then the answer alone signs in.
    const begin = await post("/api/admin/passkeys/sign-in-options", {});
    expect(begin.headers.get("set-cookie")).toBeNull();
    const signIn = (await begin.json()) as { options: { challenge: string }; ceremony: string };
    const answer = key.assert(signIn.options);
    const done = await post("/api/admin/passkeys/sign-in", {
      ceremony: signIn.ceremony,
      response: answer,
    });
    expect(done.status).toBe(200);
    const session = cookieOf(done);
    expect(session).toMatch(/^gl_session=[\w-]{43}$/);
    expect(
      await (await fetch(`${base}/api/admin/me`, { headers: { cookie: session } })).json(),
    ).toEqual({
      email: "keys@example.test",
      role: "owner",
    });
    // The same answer again: the ceremony is spent.
    const replay = await post("/api/admin/passkeys/sign-in", {
      ceremony: signIn.ceremony,
      response: answer,
    });
    expect(replay.status).toBe(401);
    expect(replay.headers.get("set-cookie")).toBeNull();

    // A tampered signature is refused.
    const again = (await (await post("/api/admin/passkeys/sign-in-options", {})).json()) as {
      options: { challenge: string };
      ceremony: string;
    };
    const forged = await post("/api/admin/passkeys/sign-in", {
      ceremony: again.ceremony,
      response: key.assert(again.options, true),
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toMatch(
      /not one of this inbox's/,
    );
  });

  it("refuses an unknown passkey, then throttles; refuses another origin", async () => {
    const stranger = new SoftwarePasskey(base);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      const begin = (await (await post("/api/admin/passkeys/sign-in-options", {})).json()) as {
        options: { challenge: string };
        ceremony: string;
      };
      last = await post("/api/admin/passkeys/sign-in", {
        ceremony: begin.ceremony,
        response: stranger.assert(begin.options),
      });
      statuses.push(last.status);
    }
    // Three failures per client (ADMIN_SIGNIN_ACCOUNT_FAILURES here), counting the replayed
    // and forged answers of the test before: refused plainly, then throttled.
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);

    const foreign = await post(
      "/api/admin/passkeys/sign-in-options",
      {},
      "",
      "https://evil.example",
    );
    expect(foreign.status).toBe(403);
  });

  it("answers 409 with a message, not 500, for a passkey another account already registered", async () => {
    const register = async (cookie: string, key: SoftwarePasskey) => {
      const started = await post(
        "/api/admin/passkeys/register-options",
        { password: PASSWORD },
        cookie,
      );
      expect(started.status).toBe(200);
      const { options, ceremony } = (await started.json()) as {
        options: { challenge: string };
        ceremony: string;
      };
      return post(
        "/api/admin/passkeys/register",
        { ceremony, response: key.register(options), name: "Shared key" },
        cookie,
      );
    };
    const key = new SoftwarePasskey(base);
    const first = await owner("first.holder@example.test");
    expect((await register(first, key)).status).toBe(200);
    const second = await owner("second.holder@example.test");
    const again = await register(second, key);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/already registered/);
    const page = await (
      await fetch(`${base}/admin/account`, { headers: { cookie: second } })
    ).text();
    expect(page).not.toContain("Shared key");
  });
});

/** The store's side on both stores: challenges once and for five minutes, passkeys per account. */
function storeContract(name: string, open: () => Promise<LeadStore>, cleanup: () => Promise<void>) {
  describe(`passkey store: ${name}`, () => {
    let leads: LeadStore;
    let store: AdminStore;
    beforeAll(async () => {
      leads = await open();
      store = adminStoreFor(leads);
    });
    afterAll(async () => {
      await leads?.close();
      await cleanup();
    });

    it("a challenge works once, for its purpose, until it expires", async () => {
      const now = new Date(Date.UTC(2027, 0, 1, 12));
      const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
      const add = (idHash: string) =>
        store.addChallenge({
          idHash,
          challenge: `challenge-${idHash}`,
          purpose: "sign_in",
          staffId: null,
          expiresAt: at(5 * 60_000),
          now: now.toISOString(),
        });
      await add("a");
      await add("b");
      expect(await store.takeChallenge("a", "register", at(0))).toBeNull();
      expect(await store.takeChallenge("a", "sign_in", at(1000))).toEqual({
        challenge: "challenge-a",
        staffId: null,
      });
      expect(await store.takeChallenge("a", "sign_in", at(1000))).toBeNull();
      expect(await store.takeChallenge("b", "sign_in", at(5 * 60_000))).toBeNull();
    });

    it("keeps passkeys per account: found with their account, counted, removed only by it", async () => {
      const one = await store.ensureStaff({
        id: "pk-1",
        email: "pk1@example.test",
        role: "owner",
        at: "2027-01-01T00:00:00.000Z",
      });
      const two = await store.ensureStaff({
        id: "pk-2",
        email: "pk2@example.test",
        role: "staff",
        at: "2027-01-01T00:00:00.000Z",
      });
      const publicKey = new Uint8Array([1, 2, 3, 250, 0, 7]);
      await store.addPasskey({
        id: "cred-1",
        staffId: one.id,
        publicKey,
        counter: 0,
        transports: ["internal", "hybrid"],
        name: "Laptop",
        createdAt: "2027-01-02T00:00:00.000Z",
        lastUsedAt: null,
      });
      const found = await store.findPasskey("cred-1");
      expect(found?.staff.email).toBe("pk1@example.test");
      expect([...found!.publicKey]).toEqual([...publicKey]);
      expect(found?.transports).toEqual(["internal", "hybrid"]);
      await store.usePasskey("cred-1", 7, "2027-01-03T00:00:00.000Z");
      expect(await store.findPasskey("cred-1")).toMatchObject({
        counter: 7,
        lastUsedAt: "2027-01-03T00:00:00.000Z",
      });
      expect((await store.passkeysOf(one.id)).map((k) => k.name)).toEqual(["Laptop"]);
      expect(await store.passkeysOf(two.id)).toEqual([]);
      expect(await store.deletePasskey(two.id, "cred-1")).toBe(false);
      expect(await store.deletePasskey(one.id, "cred-1")).toBe(true);
      expect(await store.findPasskey("cred-1")).toBeNull();
    });
  });
}

await onBothStores("passkey-store", storeContract);
