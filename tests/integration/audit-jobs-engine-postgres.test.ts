/** The website check with the real engine on postgres (the suite: ./audit-jobs-engine.ts). */
import { engineSuite } from "./audit-jobs-engine";

await engineSuite("postgres");
