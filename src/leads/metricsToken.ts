/**
 * The operator's token (METRICS_TOKEN): a request that sends it as `Authorization: Bearer …`
 * may see operational details (/api/health's store and outbox). Unset: nobody may.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { LeadConfig } from "./config.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** True when `authorization` carries the configured token (compared in constant time). */
export function hasMetricsToken(
  authorization: string | null,
  config: Pick<LeadConfig, "metricsToken">,
): boolean {
  if (!config.metricsToken || !authorization) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(config.metricsToken));
}
