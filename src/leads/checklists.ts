/**
 * The guides' checklist PDFs as the server sees them: made at build into `<build>/checklists`
 * (integrations/checklists.ts), outside the public folder, and handed out only through a link
 * signed for one lead (./checklistLink.ts). A checklist exists for the server when its PDF does.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { signChecklistLink } from "./checklistLink.ts";

/** The on-demand page that serves a checklist for a signed token: `/checklists/<token>`. */
export const CHECKLIST_PATH = "/checklists";
/** The page a form post without JavaScript lands on: the download link and what comes next. */
export const CHECKLIST_READY_PATH = "/checklists/ready";

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const known = new Map<string, boolean>();

/**
 * True when the build made a PDF for checklist `id` in `dir` (where the build put them: the lead
 * settings' `checklistDir`, ./config.ts).
 */
export function checklistExists(dir: string, id: string): boolean {
  if (!ID.test(id)) return false;
  const file = join(dir, `${id}.pdf`);
  let exists = known.get(file);
  if (exists === undefined) {
    exists = existsSync(file);
    // Only a found one is remembered: a build may add PDFs, a miss is checked again.
    if (exists) known.set(file, true);
  }
  return exists;
}

/** The PDF of checklist `id` in `dir`, or null. */
export async function readChecklist(dir: string, id: string): Promise<Uint8Array | null> {
  if (!ID.test(id)) return null;
  const pdf = await readFile(join(dir, `${id}.pdf`)).catch(() => null);
  return pdf ? new Uint8Array(pdf) : null;
}

/**
 * The download path for a lead's checklist. Signed as of the lead's own time, so the
 * confirmation and the email to the visitor carry the same link, valid 7 days from the request.
 */
export function checklistDownloadPath(
  lead: { id: string; createdAt: string },
  checklist: string,
  secret: string,
): string {
  const token = signChecklistLink(
    { leadId: lead.id, checklist },
    secret,
    Date.parse(lead.createdAt),
  );
  return `${CHECKLIST_PATH}/${token}`;
}
