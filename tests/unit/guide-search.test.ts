/** The guides' search helpers: Pagefind's excerpts read as text, the results line, the no-JS search. */
import { describe, expect, it } from "vitest";
import type { CollectionEntry } from "astro:content";
import { excerptPieces, pagePath, resultsLine, type SearchCopy } from "../../src/lib/guideSearch";
import { searchGuides } from "../../src/lib/guideSearchServer";

const copy = {
  results: "[count] guides match “[query]”.",
  resultsOne: "1 guide matches “[query]”.",
  none: "No guide matches “[query]” yet.",
} as SearchCopy;

describe("guide search helpers", () => {
  it("reads Pagefind's excerpt as text pieces with the matches marked, never as HTML", () => {
    expect(excerptPieces("Ask for <mark>reviews</mark> &amp; reply &lt;b&gt;fast")).toEqual([
      ["Ask for ", false],
      ["reviews", true],
      [" & reply <b>fast", false],
    ]);
    expect(excerptPieces("<img src=x onerror=alert(1)>plain")).toEqual([["plain", false]]);
  });

  it("words the results line for none, one and many, and links without a trailing slash", () => {
    expect(resultsLine(copy, "mulch", 0)).toBe("No guide matches “mulch” yet.");
    expect(resultsLine(copy, "crew", 1)).toBe("1 guide matches “crew”.");
    expect(resultsLine(copy, "seo", 4)).toBe("4 guides match “seo”.");
    expect(pagePath("/guides/spring-crew-hiring/")).toBe("/guides/spring-crew-hiring");
  });
});

const guide = (id: string, title: string, description: string, body: string) =>
  ({ id, data: { title, description }, body }) as unknown as CollectionEntry<"guides">;

describe("the search without JavaScript", () => {
  const guides = [
    guide(
      "a",
      "Hiring Your Spring Crew",
      "Find crew members before spring.",
      "Post the pay in the title.",
    ),
    guide(
      "b",
      "Reviews That Win Jobs",
      "Ask every customer.",
      "A new crew member can ask for reviews too.",
    ),
    guide("c", "Pricing Pages", "Show prices.", "Nothing about staff here."),
  ];

  it("needs every word, ranks title over summary over text, and marks the words in an excerpt", () => {
    expect(searchGuides(guides, "crew").map((g) => g.id)).toEqual(["a", "b"]);
    expect(searchGuides(guides, "CREW reviews").map((g) => g.id)).toEqual(["b"]);
    expect(searchGuides(guides, "mulch")).toEqual([]);
    const [found] = searchGuides(guides, "reviews");
    expect(found!.excerpt).toContainEqual(["reviews", true]);
  });
});
