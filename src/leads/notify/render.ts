/**
 * Renders an email's React tree to its two parts (decision D187):
 *
 * - HTML with react-dom/server's `renderToStaticMarkup`, so every value is escaped by React; two
 *   spellings are then made the ones mail clients have always read (`<br>` for `<br/>`, `&#39;`
 *   for `&#x27;`), which changes no meaning.
 * - Plain text from the same markup, not from strings assembled beside it: headings, paragraphs,
 *   line breaks, links ("label: address"), label/value rows ("Label: value") and lists ("1. " or
 *   "- ", one item a line) read as a person would write them in a plain email, so the two parts
 *   cannot drift apart.
 *
 * Each email's tree lives with the feature that sends it (issue 37): the lead notice and the
 * plain notice here in ./emails/ with the parts every email is made of (layout, button, rows,
 * lines, link, numbered list), the website check's in src/audit/emails/, the message staff write
 * to a lead in src/admin/emails/; those features render theirs with `renderEmail`.
 *
 * This module loads TSX: only the server bundle and the tests import it (the command line and the
 * benches run plain TypeScript and never send email), so modules on their path import it lazily.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DomUtils, ElementType, parseDocument } from "htmlparser2";
import type { ChildNode, Element } from "domhandler";
import { NoticeEmail, type NoticeContent } from "./emails/NoticeEmail.tsx";

export interface RenderedEmail {
  html: string;
  text: string;
}

/** The HTML of an email's tree, as a document. */
export function emailMarkup(element: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(element)}`
    .replace(/<br\/>/g, "<br>")
    .replace(/&#x27;/g, "&#39;");
}

const BLOCKS = new Set(["p", "h1", "h2", "h3", "div", "table", "ul", "ol", "li", "hr", "section"]);
const SKIP = new Set(["head", "style", "script", "title"]);

/** The text of an inline run: text nodes as they are, `<br>` as a line break, links spelled out. */
function inline(nodes: readonly ChildNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === ElementType.Text) out += node.data;
    else if (node.type === ElementType.Tag) {
      const el = node as Element;
      if (SKIP.has(el.name)) continue;
      if (el.name === "br") out += "\n";
      else if (el.name === "a") {
        const label = inline(el.children);
        const href = el.attribs.href ?? "";
        out += !href || label === href || href.startsWith("mailto:") ? label : `${label}: ${href}`;
      } else out += inline(el.children);
    }
  }
  return out;
}

/** One label/value row: "Label: value", or the label alone and the value's lines indented. */
function row(el: Element): string {
  const cells = el.children.filter(
    (c): c is Element => c.type === ElementType.Tag && (c.name === "th" || c.name === "td"),
  );
  if (cells.length < 2) return cells.map((c) => inline(c.children).trim()).join(" ");
  const label = inline(cells[0]!.children).trim();
  const value = inline(cells[1]!.children).trim();
  return value.includes("\n")
    ? [`${label}:`, ...value.split("\n").map((l) => `  ${l}`)].join("\n")
    : `${label}: ${value}`;
}

/** A list as one block: its items one a line, "1. " in an ordered list, "- " otherwise. */
function list(el: Element): string {
  const start = Number(el.attribs.start ?? 1) || 1;
  return el.children
    .filter((c): c is Element => c.type === ElementType.Tag && c.name === "li")
    .map((li, i) => {
      const marker = el.name === "ol" ? `${start + i}. ` : "- ";
      const text = inline(li.children).trim();
      return `${marker}${text.replace(/\n/g, `\n${" ".repeat(marker.length)}`)}`;
    })
    .join("\n");
}

/** Blocks separated by one empty line; a table's rows and a list's items one per line. */
function blocks(nodes: readonly ChildNode[], out: string[]): void {
  let run: ChildNode[] = [];
  const flush = () => {
    const text = inline(run).trim();
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (node.type !== ElementType.Tag) {
      run.push(node);
      continue;
    }
    const el = node as Element;
    if (SKIP.has(el.name)) continue;
    if (!BLOCKS.has(el.name) && el.name !== "html" && el.name !== "body") {
      run.push(node);
      continue;
    }
    flush();
    if (el.name === "h1" || el.name === "h3" || el.name === "p" || el.name === "li") {
      const text = inline(el.children).trim();
      if (text) out.push(el.name === "li" ? `- ${text}` : text);
    } else if (el.name === "h2") {
      const text = inline(el.children).trim();
      if (text) out.push(`${text}\n${"-".repeat(text.length)}`);
    } else if (el.name === "hr") out.push("---");
    else if (el.name === "ul" || el.name === "ol") {
      const items = list(el);
      if (items) out.push(items);
    } else if (el.name === "table") {
      const rows = DomUtils.getElementsByTagName("tr", el.children, true).map(row);
      if (rows.length) out.push(rows.join("\n"));
    } else blocks(el.children, out);
  }
  flush();
}

/** The plain-text part of an email's HTML. */
export function emailText(html: string): string {
  const out: string[] = [];
  blocks(parseDocument(html).children, out);
  return `${out.join("\n\n")}\n`;
}

/** Both parts of an email from its React tree. */
export function renderEmail(element: ReactElement): RenderedEmail {
  const html = emailMarkup(element);
  return { html, text: emailText(html) };
}

/** A notice's two parts (./emails/NoticeEmail.tsx). */
export const renderNotice = (content: NoticeContent): RenderedEmail =>
  renderEmail(createElement(NoticeEmail, content));
