/**
 * How the inbox search reads a typed phone number (src/admin/search.ts): whichever common form
 * it is typed in, the digits looked for are found inside every stored form of the same number,
 * and the Source filter is read as the Source column shows a lead.
 */
import { describe, expect, it } from "vitest";
import {
  nextWalk,
  phoneDigits,
  searchTerms,
  sourceFilter,
  WALK_CHUNK,
  WALK_FIRST,
  WALK_MAX,
  websiteWord,
} from "../../src/admin/search";

const FORMS = ["+1 512 555 0142", "512-555-0142", "(512) 555 0142", "+15125550142", "5125550142"];
/** The stored forms as the index holds them (punctuation removed, migration 22). */
const INDEXED = ["15125550142", "5125550142"];

describe("phoneDigits", () => {
  it("gives a whole number's national digits, found in every stored form", () => {
    for (const typed of FORMS) {
      expect(phoneDigits(typed), typed).toBe("5125550142");
      for (const stored of INDEXED) expect(stored.includes(phoneDigits(typed))).toBe(true);
    }
  });

  it("keeps the digits of a part of a number, and drops a trunk prefix", () => {
    expect(phoneDigits("512-555")).toBe("512555");
    expect(phoneDigits("0142")).toBe("0142");
    expect(phoneDigits("+44 20 7946 0958")).toBe("2079460958");
    expect(phoneDigits("020 7946 0958")).toBe("2079460958");
  });
});

describe("websiteWord (issue 39 §5)", () => {
  it("looks for a typed address without its scheme, www. and trailing slashes", () => {
    for (const typed of [
      "https://www.lawnpro.example/",
      "http://lawnpro.example",
      "www.lawnpro.example//",
      "lawnpro.example",
    ]) {
      expect(websiteWord(typed), typed).toBe("lawnpro.example");
    }
    expect(searchTerms("HTTPS://WWW.LawnPro.example/ mowing")).toEqual({
      words: ["lawnpro.example", "mowing"],
      digits: [],
    });
    // Anything else as it is; a bare scheme is no word.
    expect(websiteWord("meadow")).toBe("meadow");
    expect(websiteWord("a://b")).toBe("b");
    expect(searchTerms("https://")).toEqual({ words: [], digits: [] });
  });
});

describe("searchTerms", () => {
  it("reads a number typed with spaces as one number, beside words", () => {
    for (const typed of FORMS) {
      expect(searchTerms(typed), typed).toEqual({ words: [], digits: ["5125550142"] });
    }
    expect(searchTerms("Jo +1 512 555 0142 patio")).toEqual({
      words: ["jo", "patio"],
      digits: ["5125550142"],
    });
  });

  it("keeps short numbers and punctuation as words", () => {
    expect(searchTerms("unit 12 - b")).toEqual({ words: ["unit", "12", "-", "b"], digits: [] });
    expect(searchTerms("12 5")).toEqual({ words: [], digits: ["125"] });
  });
});

describe("sourceFilter", () => {
  it("reads what the Source column shows", () => {
    expect(sourceFilter("Google/CPC")).toEqual({ kind: "utm", source: "google", medium: "cpc" });
    expect(sourceFilter("direct")).toEqual({ kind: "direct" });
    const host = sourceFilter("www.google.com");
    expect(host.kind).toBe("name");
    if (host.kind !== "name") return;
    expect(host.referrers.exact).toEqual(["http://www.google.com", "https://www.google.com"]);
    expect(host.referrers.prefixes[1]).toEqual({
      length: "https://www.google.com/".length,
      values: ["https://www.google.com/", "https://www.google.com?", "https://www.google.com#"],
    });
  });
});

describe("nextWalk (PostgreSQL's newest-first search walk)", () => {
  it("starts with a short chunk, then reads as far as the matches seen say the page needs", () => {
    expect(nextWalk(0, 0, 51)).toBe(WALK_FIRST);
    // One lead in eight matches ('meadows'): the next chunk finishes the page, with a margin.
    expect(nextWalk(500, 40, 51)).toBe(WALK_FIRST);
    // One in fifty: a longer chunk, never more than WALK_CHUNK.
    expect(nextWalk(500, 10, 51)).toBe(3_075);
    expect(nextWalk(1_000, 10, 51)).toBe(WALK_CHUNK);
  });

  it("leaves a rare word to the trigram index", () => {
    // Nothing in the first chunk, or too few to fill the page within WALK_MAX leads.
    expect(nextWalk(500, 0, 51)).toBeNull();
    expect(nextWalk(500, 2, 51)).toBeNull();
    expect(nextWalk(WALK_MAX - 100, 50, 51)).toBeNull();
  });
});
