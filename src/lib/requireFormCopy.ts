import type { FormCopy } from "../schemas/collections";
import { requireEntry } from "./content";

type OptionalPart = "success" | "error" | "steps";

/** A form's copy with the optional parts an island needs made required. */
export type FormCopyWith<K extends OptionalPart> = FormCopy & Required<Pick<FormCopy, K>>;

/**
 * The copy of a form (src/content/forms/<id>.yaml) that must carry the given optional parts: the
 * success view, the error box or the steps of a form that sends in place. Throws at build and
 * names the file and the missing part.
 */
export async function requireFormCopy<K extends OptionalPart>(
  id: string,
  parts: K[],
): Promise<FormCopyWith<K>> {
  const copy = await requireEntry("forms", id);
  for (const part of parts) {
    if (copy[part] === undefined) {
      throw new Error(
        `src/content/forms/${id}.yaml needs \`${part}\` for its form to send in place`,
      );
    }
  }
  return copy as FormCopyWith<K>;
}
