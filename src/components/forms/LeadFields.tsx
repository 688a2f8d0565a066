import type { FieldDef } from "../../leads/fields";
import type { FormCopy } from "../../schemas/collections";
import { Field } from "../ui/Field";

interface Props {
  fields: readonly FieldDef[];
  copy: Pick<FormCopy, "labels" | "placeholders">;
  /** Field ids are `<idPrefix>-<name>`. */
  idPrefix: string;
  /** A message per field name (the server's 422 answer). */
  errors?: Record<string, string> | undefined;
  /** The visitor's own input, when a form is shown again. */
  values?: Record<string, string> | undefined;
  tone?: "light" | "dark";
}

/** The labelled controls of a lead form, from its field definitions and its copy. */
export function LeadFields({ fields, copy, idPrefix, errors, values, tone = "light" }: Props) {
  return (
    <>
      {fields.map((field) => (
        <Field
          key={field.name}
          field={field}
          id={`${idPrefix}-${field.name}`}
          label={copy.labels[field.name] ?? field.name}
          placeholder={copy.placeholders?.[field.name]}
          error={errors?.[field.name]}
          value={values?.[field.name]}
          tone={tone}
        />
      ))}
    </>
  );
}
