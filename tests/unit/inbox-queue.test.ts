/**
 * The work queue's pure rules (issue 27): what a tag may be and how it is stored, the assignee
 * and tag filters as the inbox's URL holds them, and what a saved view keeps of a URL.
 */
import { describe, expect, it } from "vitest";
import { inboxHref, inboxQuery, readFilters } from "../../src/admin/inbox";
import { normaliseTag, TAG_MAX, tagEventText, tagParam } from "../../src/admin/tags";
import { viewHref, viewQuery } from "../../src/admin/views";

describe("tags", () => {
  it("are lower-cased, trimmed, their spaces made one; any script's letters and digits", () => {
    expect(normaliseTag("  Spring   Roofing ")).toEqual({ tag: "spring roofing" });
    expect(normaliseTag("VIP_2027-q1")).toEqual({ tag: "vip_2027-q1" });
    expect(normaliseTag("Muñoz Céspedes")).toEqual({ tag: "muñoz céspedes" });
    // NFD input is stored as NFC, so the same word is one tag.
    expect(normaliseTag("Cafe\u0301")).toEqual(normaliseTag("Café"));
  });

  it("refuse what is empty, too long, or not letters, digits, spaces, dashes, underscores", () => {
    for (const bad of ["", "  ", "x".repeat(TAG_MAX + 1), "<b>", "a,b", "-lead", "no\u0000pe", 7]) {
      expect(normaliseTag(bad), String(bad)).toHaveProperty("problem");
    }
    expect(normaliseTag("x".repeat(TAG_MAX))).toEqual({ tag: "x".repeat(TAG_MAX) });
    expect(tagParam("<script>")).toBe("");
    expect(tagParam(" VIP ")).toBe("vip");
  });

  it("say on the timeline what changed", () => {
    expect(tagEventText(JSON.stringify({ action: "added", tag: "vip" }))).toBe("Tagged vip");
    expect(tagEventText(JSON.stringify({ action: "removed", tag: "vip" }))).toBe("Tag vip removed");
  });
});

describe("the assignee and tag filters in the URL", () => {
  it("read 'me', 'none' or an account's id, and a tag as stored", () => {
    const f = readFilters(new URLSearchParams("assignee=me&tag=Spring+Roofing"));
    expect([f.assignee, f.tag]).toEqual(["me", "spring roofing"]);
    expect(inboxQuery(f, null, "staff-1")).toMatchObject({
      assignee: "staff-1",
      tag: "spring roofing",
    });
    // Without a signed-in account (the command line), 'me' filters nothing.
    expect(inboxQuery(f, null).assignee).toBeUndefined();
    expect(inboxQuery(readFilters(new URLSearchParams("assignee=none")), null).assignee).toBeNull();
    expect(readFilters(new URLSearchParams("assignee=a%20b;drop")).assignee).toBe("");
    expect(inboxHref(f)).toBe("/admin?assignee=me&tag=spring+roofing");
  });
});

describe("saved views", () => {
  it("keep the filters of a URL, never its page cursor or anything unknown", () => {
    expect(viewQuery("status=new&before=2026-01-01T00:00:00Z~abc&x=1&tag=VIP")).toBe(
      "status=new&tag=vip",
    );
    expect(viewQuery("junk=1")).toBe("");
    expect(viewHref({ query: "" })).toBe("/admin");
    expect(viewHref({ query: "spam=1" })).toBe("/admin?spam=1");
  });
});
