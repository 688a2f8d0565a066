/**
 * The rules of a merge (src/admin/merges.ts, issue 39 §3): the same person is the same email
 * (any case) or the same phone; the kept lead gets only the phone, company and website it lacks,
 * a company under the name its own form gives it; undo lasts 24 hours.
 */
import { describe, expect, it } from "vitest";
import { fieldsToFill, MERGE_UNDO_MS, samePerson, undoUntil } from "../../src/admin/merges";
import type { LeadRecord } from "../../src/leads/store/types";

const lead = (form: string, fields: Record<string, string>) =>
  ({ id: form, kind: form, form, fields }) as unknown as LeadRecord;

describe("merge rules", () => {
  it("the same person: the same email in any case, or the same phone; never two blanks", () => {
    expect(
      samePerson(lead("quick", { email: "A@x.test" }), lead("quick", { email: "a@x.test " })),
    ).toBe(true);
    expect(
      samePerson(
        lead("quick", { phone: "+15125550100" }),
        lead("quick", { phone: "+15125550100" }),
      ),
    ).toBe(true);
    expect(
      samePerson(lead("quick", { email: "a@x.test" }), lead("quick", { email: "b@x.test" })),
    ).toBe(false);
    expect(
      samePerson(lead("quick", { email: "", phone: "" }), lead("quick", { email: "", phone: "" })),
    ).toBe(false);
  });

  it("fills what the kept lead lacks, a company under its form's name, nothing it has", () => {
    const from = lead("growth", {
      phone: "+15125550100",
      company: "Acme Lawns",
      website: "acme.example",
    });
    expect(fieldsToFill(lead("contact", { email: "a@x.test" }), from)).toEqual({
      phone: "+15125550100",
      company: "Acme Lawns",
      website: "acme.example",
    });
    expect(fieldsToFill(lead("audit", { companyName: "", website: "mine.example" }), from)).toEqual(
      {
        phone: "+15125550100",
        companyName: "Acme Lawns",
      },
    );
    expect(fieldsToFill(lead("quick", { phone: "+15125550999", company: "Own" }), from)).toEqual({
      website: "acme.example",
    });
  });

  it("undo lasts 24 hours from the merge", () => {
    const mergedAt = "2026-11-28T12:00:00.000Z";
    const at = (ms: number) => new Date(Date.parse(mergedAt) + ms);
    expect(undoUntil({ mergedAt }, at(MERGE_UNDO_MS - 1))?.toISOString()).toBe(
      "2026-11-29T12:00:00.000Z",
    );
    expect(undoUntil({ mergedAt }, at(MERGE_UNDO_MS))).toBeNull();
  });
});
