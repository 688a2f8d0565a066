/**
 * The infrastructure's settings, read by `serverConfig`, which the composition root's
 * `loadConfig` (src/app/config.ts) calls once per process.
 */
type Env = Record<string, string | undefined>;

export interface ServerConfig {
  /** LOG_LEVEL: pino's level of the structured log (./log.ts), default info. */
  logLevel: string;
}

export function serverConfig(env: Env = process.env): ServerConfig {
  return { logLevel: env.LOG_LEVEL || "info" };
}
