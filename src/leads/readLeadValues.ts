import { hiddenFields, leadForms, type FormId } from "./fields";

/**
 * The values of one lead form as typed in `form` (its fields and the honeypot), for
 * `submitLead()`. A form in steps holds the fields of several lead forms; only `formId`'s are read.
 */
export function readLeadValues(form: HTMLFormElement, formId: FormId): Record<string, string> {
  const data = new FormData(form);
  const read = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: Record<string, string> = { [hiddenFields.honeypot]: read(hiddenFields.honeypot) };
  for (const field of leadForms[formId].fields) values[field.name] = read(field.name);
  return values;
}
