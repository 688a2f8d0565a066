/**
 * The free guides as written (src/content/guides): at least eight, each 800–1,500 words of body,
 * on existing industries and services, by an existing author, offering only existing checklists,
 * linking only to pages the site has, and quoting no phone number, email or placeholder text.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { caseStudyPath, industryPath, routes } from "../../src/config/routes";
import { root } from "./support/entries";

const dir = (name: string) => join(root, "src/content", name);
const ids = (name: string, ext: string) =>
  readdirSync(dir(name))
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length));

function read(file: string): { front: string; body: string } {
  const [, front = "", body = ""] =
    /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(file, "utf8")) ?? [];
  return { front, body };
}
const field = (front: string, key: string) =>
  new RegExp(`^${key}: *(.*)$`, "m").exec(front)?.[1]?.replace(/^"|"$/g, "").trim();

const guides = ids("guides", ".md");
const industries = ids("industries", ".yaml");
const services = ids("services", ".yaml");
const pages = new Set<string>([
  ...Object.values(routes).filter((p) => !p.includes("#")),
  ...industries.map(industryPath),
  ...ids("case-studies", ".yaml").map(caseStudyPath),
]);

describe("the free guides", () => {
  it("are at least eight", () => {
    expect(guides.length).toBeGreaterThanOrEqual(8);
  });

  for (const id of guides) {
    describe(id, () => {
      const { front, body } = read(join(dir("guides"), `${id}.md`));

      it("has 800 to 1,500 words and no placeholder, phone number or email address", () => {
        const words = body.split(/\s+/).filter(Boolean).length;
        expect(words).toBeGreaterThanOrEqual(800);
        expect(words).toBeLessThanOrEqual(1500);
        expect(body).not.toMatch(/lorem|ipsum|TODO|TBD|\[insert/i);
        expect(body).not.toMatch(/\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}/);
        expect(body).not.toMatch(/[\w.+-]+@[\w-]+\.\w+/);
      });

      it("is about existing industries and services, by an existing author", () => {
        const topics = (field(front, "topics") ?? "")
          .replace(/[[\]]/g, "")
          .split(",")
          .map((t) => t.trim());
        expect(topics.some((t) => industries.includes(t))).toBe(true);
        expect(topics.some((t) => services.includes(t))).toBe(true);
        expect(existsSync(join(dir("authors"), `${field(front, "author")}.yaml`))).toBe(true);
        const checklist = field(front, "checklist");
        if (checklist) expect(existsSync(join(dir("checklists"), `${checklist}.md`))).toBe(true);
      });

      it("links only to pages the site has, and to its free audit", () => {
        const links = [...body.matchAll(/\]\((\/[^)\s#]*)\)/g)].map((m) => m[1]!);
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) expect(pages, link).toContain(link);
        expect(links).toContain(routes.freeAudit);
        expect(body).not.toMatch(/\]\(https?:/);
      });
    });
  }
});
