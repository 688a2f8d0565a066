/** The website check with the real engine on sqlite (the suite: ./audit-jobs-engine.ts). */
import { engineSuite } from "./audit-jobs-engine";

await engineSuite("sqlite");
