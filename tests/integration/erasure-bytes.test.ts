/**
 * Erasure that erases (issue 23), over the real built server on SQLite and on the real
 * PostgreSQL: one person erased by an owner in the inbox (the browser's form post), another by
 * `leads erase EMAIL`; afterwards no byte of the store's files holds either person's email,
 * name, phone, message or the staff's note about them, and neither does a backup taken after.
 * SQLite: the database file and its WAL, read as raw bytes (like `strings`), and the search
 * index's segments shrink rather than keep the erased text behind a tombstone; the CLI's backup.
 * PostgreSQL: every table, index and TOAST file of the store's schema, read as raw bytes with
 * pg_read_binary_file after a CHECKPOINT (a superuser's right; skipped, said, without it), and a
 * pg_dump. A checklist download link signed for an erased lead is refused with the 403 page.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliAsync } from "./notify-support";
import {
  ownerSession,
  postAdminForm,
  postgresAvailable,
  postJson,
  serverStore,
  startServer,
  tempDir,
  removeDir,
  testDatabaseUrl,
  validLeads,
  type RunningServer,
} from "./support";

/**
 * What must leave with each person: what they typed and what the agency wrote about them (a
 * note, a tag).
 */
const people = {
  inbox: {
    name: "Aurelia Quistgaard",
    email: "aurelia.quistgaard@erase.test",
    phone: "+15125557731",
    message: "Our hedge maze by Lake Quistgaard needs a redesign",
    note: "Gate code 4417 under the blue gnome",
    tag: "quistgaard maze",
  },
  cli: {
    name: "Bartholomew Vexley",
    email: "bart.vexley@erase.test",
    phone: "+15125557742",
    message: "Vexley Terraces wants weekly mowing quotes",
    note: "Prefers calls after Wexford hour",
    tag: "vexley terraces",
  },
} as const;

/** The strings of a person to look for in raw bytes (the phone by its digits: any format). */
const needles = (p: (typeof people)[keyof typeof people]) => [
  p.name.toLowerCase(),
  p.email,
  p.phone.slice(2),
  p.message.toLowerCase(),
  p.note.toLowerCase(),
  p.tag,
];

/** Which needles `bytes` holds, case-insensitively (like `strings | grep -i`). */
function found(bytes: Buffer, what: string[]): string[] {
  const text = bytes.toString("latin1").toLowerCase();
  return what.filter((needle) => text.includes(needle));
}

function run(command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stderr }),
    );
  });
}

/**
 * Another PostgreSQL session in a repeatable-read transaction, as another store's work in the same
 * database would be (it takes no lock on this schema's tables): its snapshot, taken now, keeps
 * every row of the database that was alive now readable to it until it ends.
 */
async function holdSnapshot(schema: string, email: string) {
  const sql = postgres(testDatabaseUrl, { max: 2, onnotice: () => {} });
  const session = await sql.reserve();
  await session`BEGIN ISOLATION LEVEL REPEATABLE READ`;
  await session`SELECT 1`;
  const leadsOf = async () => {
    const [{ n }] = await sql<[{ n: number }]>`
      SELECT count(*)::int AS n FROM ${sql(schema)}.leads WHERE fields->>'email' = ${email}`;
    return n;
  };
  return {
    /** Ends the transaction `ms` after this person's leads are gone for everyone else. */
    endAfterDeletion: async (ms: number) => {
      const deadline = Date.now() + 30_000;
      while ((await leadsOf()) > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
      await new Promise((r) => setTimeout(r, ms));
      await session`COMMIT`;
      session.release();
      await sql.end({ timeout: 1 });
    },
  };
}

function suite(driver: "sqlite" | "postgres") {
  describe(`erasure leaves no bytes behind on ${driver}`, () => {
    const store = serverStore(driver, `erasebytes-${driver}`);
    const env: Record<string, string> = {
      ...store.env,
      LEADS_RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
    };
    const dumps = tempDir("erase-backup-");
    let server: RunningServer;
    let cookie = "";
    const form = (path: string, fields: Record<string, string>) =>
      postAdminForm(server, path, fields, cookie);

    beforeAll(async () => {
      server = await startServer(env);
      cookie = await ownerSession(server, env);
    });
    afterAll(async () => {
      await server?.stop();
      await store.cleanup();
      removeDir(dumps);
    });

    /** Posts a lead as the site's script would; its id and, for a guide lead, its download. */
    async function send(fields: Record<string, unknown>) {
      const res = await postJson(server.url, { ...fields, _t: "9000" });
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string; download?: string };
    }

    async function leadsOf(p: (typeof people)[keyof typeof people]) {
      const contact = await send({
        _form: "contact",
        ...validLeads.contact,
        "full-name": p.name,
        email: p.email,
        phone: p.phone,
        message: p.message,
      });
      const guide = await send({
        _form: "guide",
        ...validLeads.guide,
        name: p.name,
        email: p.email,
      });
      expect(guide.download).toMatch(/^\/checklists\//);
      expect(
        (await form(`/admin/leads/${contact.id}`, { action: "note", note: p.note })).status,
      ).toBe(303);
      // A tag (migration 24) names them too: its row and its timeline entry must go.
      expect(
        (await form(`/admin/leads/${contact.id}`, { action: "tag-add", tag: p.tag })).status,
      ).toBe(303);
      return { contact: contact.id, guide: guide.id, download: guide.download! };
    }

    /** The SQLite search index's segment bytes (lead_search_data), read on a connection of its own. */
    function indexBytes(): number {
      const db = new DatabaseSync(join(env.DATA_DIR!, "leads.db"), { readOnly: true });
      try {
        return Number(
          (
            db.prepare("SELECT sum(length(block)) AS n FROM lead_search_data").get() as {
              n: number;
            }
          ).n,
        );
      } finally {
        db.close();
      }
    }

    it("forgets everything of both people: store files, search index, backups, checklist links", async () => {
      const kept = await send({ _form: "quick", ...validLeads.quick });
      const inbox = await leadsOf(people.inbox);
      const cli = await leadsOf(people.cli);
      // Both people's leads are in the search index before they go (a search indexes pending leads).
      const search = await fetch(`${server.url}/admin?q=quistgaard`, { headers: { cookie } });
      expect(await search.text()).toContain(`/admin/leads/${inbox.contact}`);
      for (const link of [inbox.download, cli.download]) {
        expect((await fetch(`${server.url}${link}`)).status, link).toBe(200);
      }
      const indexBefore = driver === "sqlite" ? indexBytes() : 0;

      // The owner erases the first person's two leads in the inbox…
      for (const id of [inbox.contact, inbox.guide]) {
        const erased = await form(`/admin/leads/${id}`, { action: "erase", confirm: "ERASE" });
        expect(erased.status).toBe(303);
        expect(erased.headers.get("location")).toBe("/admin?erased=1");
      }
      // …and the second person is erased from the command line, the server running. On
      // PostgreSQL a report reads beside it in another session, its snapshot taken before the
      // erasure and held until 0.5 s after the rows are deleted: the table rewrite waits for it
      // instead of copying the rows that snapshot could still see.
      const reader =
        driver === "postgres" ? await holdSnapshot(env.DATABASE_SCHEMA!, people.cli.email) : null;
      const ended = reader?.endAfterDeletion(500);
      expect(await cliAsync(["erase", people.cli.email], env)).toContain(
        `Erased 2 leads of ${people.cli.email}`,
      );
      await ended;
      const what = [...needles(people.inbox), ...needles(people.cli)];

      // The checklist links signed for them no longer open.
      for (const link of [inbox.download, cli.download]) {
        const res = await fetch(`${server.url}${link}`);
        expect(res.status, link).toBe(403);
        expect(await res.text()).toContain("deleted at its owner");
      }

      if (driver === "sqlite") {
        // The index gave the erased leads' entries back instead of hiding them behind tombstones.
        expect(indexBytes()).toBeLessThan(indexBefore);
        for (const file of ["leads.db", "leads.db-wal"]) {
          const path = join(env.DATA_DIR!, file);
          if (!existsSync(path)) continue;
          expect(found(readFileSync(path), what), file).toEqual([]);
        }
        const backup = join(dumps, "after-erasure.db");
        await cliAsync(["backup", backup], env);
        expect(found(readFileSync(backup), what), "the backup").toEqual([]);
        // The lead that was not erased is in it, in plain bytes: the scan does see lead text.
        expect(found(readFileSync(backup), [validLeads.quick.email])).toEqual([
          validLeads.quick.email,
        ]);
      } else {
        const file = join(dumps, "after-erasure.dump");
        const dump = await run("pg_dump", [
          "--format=plain",
          `--schema=${env.DATABASE_SCHEMA}`,
          `--file=${file}`,
          testDatabaseUrl,
        ]);
        expect(dump.code, dump.stderr).toBe(0);
        expect(found(readFileSync(file), what), "pg_dump").toEqual([]);
        expect(found(readFileSync(file), [validLeads.quick.email])).toHaveLength(1);
      }
      expect(kept.id).toBeTruthy();
    });

    it.skipIf(driver !== "postgres")(
      "PostgreSQL: no table, index or TOAST file of the schema holds their bytes after the vacuum",
      async () => {
        const sql = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
        try {
          const [role] = await sql<{ rolsuper: boolean }[]>`
            SELECT rolsuper FROM pg_roles WHERE rolname = current_user`;
          if (!role?.rolsuper) {
            console.warn("not a superuser: the table files cannot be read, only the rows checked");
            return;
          }
          await sql`CHECKPOINT`;
          const files = await sql<{ rel: string; path: string }[]>`
            WITH own AS (
              SELECT c.oid, c.reltoastrelid FROM pg_class c
              JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = ${env.DATABASE_SCHEMA!}
            ), rels AS (
              SELECT oid FROM own
              UNION SELECT reltoastrelid FROM own WHERE reltoastrelid <> 0
              UNION SELECT i.indexrelid FROM pg_index i
                    JOIN own ON i.indrelid = own.reltoastrelid AND own.reltoastrelid <> 0
            )
            SELECT c.relname AS rel, pg_relation_filepath(c.oid) AS path
            FROM rels JOIN pg_class c ON c.oid = rels.oid
            WHERE pg_relation_filepath(c.oid) IS NOT NULL`;
          const tables = files.map((f) => f.rel);
          for (const t of ["leads", "lead_events", "lead_tags", "outbox", "lead_search"]) {
            expect(tables).toContain(t);
          }
          const what = [...needles(people.inbox), ...needles(people.cli)];
          let sawKept = false;
          for (const f of files) {
            const [{ bytes }] = await sql<[{ bytes: Buffer }]>`
              SELECT pg_read_binary_file(${f.path}::text) AS bytes`;
            expect(found(bytes, what), f.rel).toEqual([]);
            if (found(bytes, [validLeads.quick.email]).length) sawKept = true;
          }
          // The scan reads real rows: the lead that was kept is there.
          expect(sawKept).toBe(true);
        } finally {
          await sql.end({ timeout: 1 });
        }
      },
    );
  });
}

suite("sqlite");
const pg = await postgresAvailable();
describe.skipIf(!pg)("PostgreSQL", () => suite("postgres"));
