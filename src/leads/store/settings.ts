/**
 * The owner's settings (migration 34), written once for both stores over the shared driver
 * (src/db/driver.ts): one row per key, the value as JSON text. The rules (which keys, what a
 * value may be, the defaults) live in ../settings.ts; the time zone is written with the clock's
 * rebuild (./agencyClock.ts `saveAgencyZone`).
 */
import type { Db } from "../../db/driver.ts";

export interface SettingRow {
  key: string;
  value: string;
  updatedAt: string;
  updatedBy: string | null;
}

export async function readSettingRows(db: Db): Promise<SettingRow[]> {
  const rows = await db.all<{
    key: string;
    value: string;
    updated_at: string;
    updated_by: string | null;
  }>("SELECT key, value, updated_at, updated_by FROM agency_settings ORDER BY key");
  return rows.map((r) => ({
    key: r.key,
    value: r.value,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  }));
}

export async function writeSetting(
  db: Db,
  row: { key: string; value: string; at: string; by: string | null },
): Promise<void> {
  await db.run(
    `INSERT INTO agency_settings (key, value, updated_at, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,
       updated_by = excluded.updated_by`,
    [row.key, row.value, row.at, row.by],
  );
}
