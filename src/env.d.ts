/** Types of Astro's per-request `locals`. */
declare namespace App {
  interface Locals {
    /**
     * The process's services from the composition root (src/app/root.ts), set by the
     * middleware on every on-demand request: pages and endpoints use these, never a module's own.
     */
    services: import("./app/root").ServerRoot;
    /** Set by POST /api/leads when a native post needs fixing; read by src/pages/form-review.astro. */
    leadReview?: import("./leads/http").LeadReview;
    /** The signed-in staff member of an admin request (src/middleware.ts). */
    staff?: import("./admin/store/types").StaffRecord;
    /** The session cookie's value of that request (to sign it out). */
    session?: string;
    /** That session as the store has it (when it was last confirmed, for passkeys). */
    sessionRecord?: import("./admin/store/types").SessionRecord;
  }
}

/** A script bundled into one import-free inline module by integrations/inlineScript.ts. */
declare module "*?inline-script" {
  const code: string;
  export default code;
}
