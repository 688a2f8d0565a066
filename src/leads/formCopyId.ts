import type { FormId } from "./fields";

/** Forms that share another form's copy entry (src/content/forms/<id>.yaml). */
const sharedCopy: Partial<Record<FormId, string>> = {
  contactPage: "contact",
  growthPartial: "growth",
};

/** The id of the forms entry that labels a form. */
export const formCopyId = (form: FormId): string => sharedCopy[form] ?? form;
