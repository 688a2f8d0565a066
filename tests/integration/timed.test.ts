/**
 * The files that time work under load, one after another in this one file (so never beside
 * each other), run beside the files that only wait on the clock (vitest.integration.config.ts):
 * kill -9 under load and what it keeps, the 429 and 503 answers, the website check's fetch limits
 * and deadlines, and hostile pages in the sandbox beside lead intake.
 */
import "./crash.timed";
import "./limits.timed";
import "./audit-fetch.timed";
import "./audit-sandbox.timed";
