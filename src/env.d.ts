/** Types of Astro's per-request `locals`. */
declare namespace App {
  interface Locals {
    /** Set by POST /api/leads when a native post needs fixing; read by src/pages/form-review.astro. */
    leadReview?: import("./leads/http").LeadReview;
  }
}

/** A script bundled into one import-free inline module by integrations/inlineScript.ts. */
declare module "*?inline-script" {
  const code: string;
  export default code;
}
