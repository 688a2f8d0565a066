/**
 * `backup FILE` and `restore FILE` (cli/commands/backup.ts): SQLite's consistent copy and checked
 * restore (the store file is never opened as a store here); with DATABASE_URL, the
 * pg_dump/pg_restore commands instead.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { LeadConfig } from "../../../src/leads/config.ts";
import { sqliteFile } from "../../../src/leads/store/index.ts";
import { BackupError, backupSqlite, restoreSqlite } from "../../../src/leads/store/backup.ts";
import { expectArgs, plural, type CommandContext } from "../../command.ts";
import { storeName } from "../../store.ts";
import { printable } from "../../terminal.ts";

/** With DATABASE_URL, backups are PostgreSQL's own tools' job: the commands to run. */
function postgresBackupHelp(config: LeadConfig, command: "backup" | "restore"): string {
  const schema = config.databaseSchema || "public";
  return [
    `The store is PostgreSQL (DATABASE_URL): ${command === "backup" ? "back it up" : "restore it"} with PostgreSQL's own tools.`,
    "Back up (consistent, while the servers run):",
    `  pg_dump --format=custom --schema=${schema} --file=leads.dump "$DATABASE_URL"`,
    "Restore (servers stopped; into a database without that schema, or after dropping it):",
    `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" leads.dump`,
    'See README, "Backups and restores".',
  ].join("\n");
}

async function backupFile(
  file: string,
  config: LeadConfig,
  { out, note }: CommandContext,
): Promise<void> {
  const salt = resolve(config.dataDir, "ip-hash-salt");
  const check = await backupSqlite(sqliteFile(config), resolve(file));
  out(
    printable(
      `Backed up ${plural(check.leads, "lead")} (schema version ${check.schemaVersion}, integrity ok) to ${resolve(file)}`,
    ),
  );
  if (!config.ipHashSalt && existsSync(salt)) {
    copyFileSync(salt, `${resolve(file)}.ip-hash-salt`);
    note(
      printable(
        `The secret of checklist links and IP hashes is copied to ${resolve(file)}.ip-hash-salt: keep it with the backup, as private as the backup.`,
      ),
    );
  }
}

function restoreFile(file: string, config: LeadConfig, { out, note }: CommandContext): void {
  const store = sqliteFile(config);
  const salt = resolve(config.dataDir, "ip-hash-salt");
  const result = restoreSqlite(resolve(file), store);
  out(
    printable(
      `Restored ${plural(result.leads, "lead")} (schema version ${result.schemaVersion}, integrity ok) into ${store}`,
    ),
  );
  if (result.previous) out(printable(`The store it replaced is kept as ${result.previous}`));
  const savedSalt = `${resolve(file)}.ip-hash-salt`;
  if (!config.ipHashSalt && existsSync(savedSalt)) {
    if (!existsSync(salt)) {
      writeFileSync(salt, readFileSync(savedSalt), { flag: "wx", mode: 0o600 });
      out(printable(`The backup's secret (checklist links, IP hashes) is now ${salt}`));
    } else if (readFileSync(salt, "utf8").trim() !== readFileSync(savedSalt, "utf8").trim()) {
      note(
        printable(
          `${salt} differs from the backup's ${savedSalt}: kept as it is; checklist links sent before the backup will not open unless you copy the backup's over it.`,
        ),
      );
    }
  }
}

export async function run(context: CommandContext): Promise<number> {
  const name = context.command.name as "backup" | "restore";
  expectArgs(context.command, context.positionals, 1, `${name} takes one file name`);
  const config = context.config().leads;
  if (config.databaseUrl) {
    context.note(postgresBackupHelp(config, name));
    return 2;
  }
  context.note(printable(`store: ${storeName(config)}`));
  try {
    if (name === "backup") await backupFile(context.positionals[0]!, config, context);
    else restoreFile(context.positionals[0]!, config, context);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    context.note(printable(`${name}: ${error.message}`));
    return 1;
  }
}
