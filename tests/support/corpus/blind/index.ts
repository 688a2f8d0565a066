/**
 * The blind corpus (issue 38, second round): eleven landscaping, tree, pool and snow-removal
 * sites written like real small-business sites of different builders (WordPress with Elementor,
 * Astra and GeneratePress, Wix, Squarespace, a Webflow export, a Next.js single-page app, a
 * hosted site builder, hand-written HTML old and new, hand-coded PHP), each with the defects such
 * sites really have. Unlike ../sites.ts, no site is a copy of another: the engine was not tuned
 * on any of them. What each must fail (and the score it deserves) was written from what a human
 * auditor would say, before the check was run on them (git history: the corpus's first commit).
 *
 * Served by ../serve.ts, measured by ../accuracy.ts: `npm run bench:check-accuracy -- --blind`.
 */
import type { CorpusSite } from "../sites.ts";
import { blueWave } from "./blueWave.ts";
import { bobsTree } from "./bobsTree.ts";
import { cedarPine } from "./cedarPine.ts";
import { crystalPools } from "./crystalPools.ts";
import { evergreenOutdoor } from "./evergreenOutdoor.ts";
import { greenwayMowing } from "./greenwayMowing.ts";
import { mikesPlowing } from "./mikesPlowing.ts";
import { northlineSnow } from "./northlineSnow.ts";
import { oakAsh } from "./oakAsh.ts";
import { prairieLawn } from "./prairieLawn.ts";
import { sapphirePool } from "./sapphirePool.ts";

export const blindCorpus: CorpusSite[] = [
  northlineSnow,
  sapphirePool,
  prairieLawn,
  crystalPools,
  cedarPine,
  bobsTree,
  blueWave,
  greenwayMowing,
  evergreenOutdoor,
  oakAsh,
  mikesPlowing,
];
