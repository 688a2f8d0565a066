import { describe, expect, it } from "vitest";
import {
  CHECKLIST_LINK_TTL_MS,
  openChecklistLink,
  signChecklistLink,
} from "../../src/leads/checklistLink";

const SECRET = "a-salt-of-at-least-some-length-0123456789";
const NOW = Date.UTC(2027, 0, 10, 12);

describe("signed checklist links", () => {
  const token = signChecklistLink({ leadId: "lead-1", checklist: "gbp-checklist" }, SECRET, NOW);

  it("open for 7 days for the lead and checklist they were made for", () => {
    expect(openChecklistLink(token, SECRET, NOW + 1000)).toEqual({
      ok: true,
      leadId: "lead-1",
      checklist: "gbp-checklist",
      expiresAt: NOW + CHECKLIST_LINK_TTL_MS,
    });
    expect(openChecklistLink(token, SECRET, NOW + CHECKLIST_LINK_TTL_MS)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("are worthless when any character changes, or under another secret", () => {
    for (let i = 0; i < token.length; i += 7) {
      const c = token[i] === "A" ? "B" : "A";
      const changed = `${token.slice(0, i)}${c}${token.slice(i + 1)}`;
      if (changed === token) continue;
      expect(openChecklistLink(changed, SECRET, NOW).ok, `changed at ${i}`).toBe(false);
    }
    expect(openChecklistLink(token, `${SECRET}x`, NOW)).toEqual({ ok: false, reason: "invalid" });
    // Another checklist named in a payload signed for the first one.
    const [, sig] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ l: "lead-1", c: "hiring-checklist", e: NOW + 1e9 }),
    ).toString("base64url");
    expect(openChecklistLink(`${forged}.${sig}`, SECRET, NOW).ok).toBe(false);
    expect(openChecklistLink("", SECRET, NOW).ok).toBe(false);
    expect(openChecklistLink("a.b.c", SECRET, NOW).ok).toBe(false);
  });
});
