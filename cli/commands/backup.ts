/**
 * `backup FILE` and `restore FILE`: SQLite's consistent copy and checked restore; with
 * DATABASE_URL, the pg_dump/pg_restore commands instead (body: ./run/backup.ts).
 */
import { helpOption, type Command } from "../command.ts";

function fileCommand(name: "backup" | "restore", summary: string): Command {
  return {
    name,
    args: "FILE",
    summary,
    options: { help: helpOption },
    load: () => import("./run/backup.ts"),
  };
}

export const backup = fileCommand(
  "backup",
  "SQLite: copy the store to FILE (a new file), consistent as of one moment,\n" +
    "while the server keeps taking leads; the copy is checked before it is kept.\n" +
    "DATA_DIR/ip-hash-salt (the secret of checklist links and IP hashes) is copied\n" +
    "beside it as FILE.ip-hash-salt (unless IP_HASH_SALT is set: keep that yourself).\n" +
    "PostgreSQL: prints the pg_dump command to use instead",
);

export const restore = fileCommand(
  "restore",
  "SQLite: replace the store with the backup FILE, after checking it\n" +
    "(integrity_check, and a schema exactly as this code's migrations make it);\n" +
    "refuses while a server has the store open. The replaced file is kept beside\n" +
    "it as leads.db.before-restore-<time>. FILE.ip-hash-salt, if any, becomes\n" +
    "DATA_DIR/ip-hash-salt when DATA_DIR has none.\n" +
    "PostgreSQL: prints the pg_restore command to use instead",
);
