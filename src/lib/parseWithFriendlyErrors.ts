import type { z } from "zod";

/**
 * Parses `input` with `schema` and, when it fails, throws one readable error that names the
 * source (a file) and every failing field path, in the manner of Starlight's helper of the same name.
 */
export function parseWithFriendlyErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.join(".") : "(root)";
    return `  - ${path}: ${issue.message}`;
  });
  throw new Error(`Invalid configuration in ${source}:\n${lines.join("\n")}`);
}
