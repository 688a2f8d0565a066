/**
 * One icon's drawing as a single `<path>`: lucide draws an icon from one to eight shapes
 * (`<path>`, `<circle>`, `<rect>`, `<line>`, …), each an element the browser parses, styles and
 * lays out. All of an icon's shapes share the `<svg>`'s paint (no fill, a round `currentColor`
 * stroke), so their outlines joined as subpaths of one path draw the same picture: a stroke is
 * painted per subpath, with the same caps and joins, and an opaque colour painted twice over
 * itself looks as painted once. Used by iconSymbols.ts on every icon of a static page
 * (docs/lighthouse/mainthread.md, "Icons as one path"; decision D214).
 *
 * A drawing with anything else (a shape with its own fill or stroke, a transform, a group, text)
 * is left as it is.
 */

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const SEPARATOR = /[\s,]*/y;
/** The geometry each shape may carry; any other attribute keeps the drawing as it is. */
const GEOMETRY: Record<string, readonly string[]> = {
  path: ["d"],
  circle: ["cx", "cy", "r"],
  ellipse: ["cx", "cy", "rx", "ry"],
  line: ["x1", "y1", "x2", "y2"],
  rect: ["x", "y", "width", "height", "rx", "ry"],
  polyline: ["points"],
  polygon: ["points"],
};
/** A shape element, self-closed or closed at once, as React and lucide write them. */
const SHAPE = /^<([a-z]+)((?:\s+[a-zA-Z][\w-]*="[^"]*")*)\s*(?:\/>|><\/\1>)/;
const ATTRIBUTE = /\s+([a-zA-Z][\w-]*)="([^"]*)"/g;

/** A number written short: at most three decimals, no trailing zeros. */
const n = (value: number) => String(Math.round(value * 1000) / 1000);

/** The number at `at` (after any separators) and where it ends, or undefined when none is there. */
function numberAt(text: string, at: number): { number: string; end: number } | undefined {
  SEPARATOR.lastIndex = at;
  const start = at + (SEPARATOR.exec(text)?.[0].length ?? 0);
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  return match ? { number: match[0], end: start + match[0].length } : undefined;
}

/** The numbers of a `points` list, or undefined when it holds anything else. */
function numbers(text: string): number[] | undefined {
  const list: number[] = [];
  for (let at = 0; !/^[\s,]*$/.test(text.slice(at));) {
    const found = numberAt(text, at);
    if (!found) return undefined;
    list.push(Number(found.number));
    at = found.end;
  }
  return list;
}

/**
 * A path's data made safe to follow another subpath. A path that opens with a relative moveto
 * (`m`) has it read as absolute, and the pairs after it as relative linetos; after another
 * subpath it would be read relative to that one's end. It opens with `M` instead, and an `l` for
 * the pairs that followed.
 */
function standalone(d: string): string | undefined {
  const open = /^\s*([mM])/.exec(d);
  if (!open) return undefined;
  if (open[1] === "M") return d.trim();
  const x = numberAt(d, open[0].length);
  const y = x && numberAt(d, x.end);
  if (!x || !y) return undefined;
  const rest = d
    .slice(y.end)
    .replace(/^[\s,]+/, "")
    .trim();
  const implicitLines = /^[+\-.\d]/.test(rest);
  return `M${x.number} ${y.number}${implicitLines ? "l" : ""}${rest}`;
}

/** One shape's outline as path data, or undefined when it cannot be drawn so. */
function outline(tag: string, a: Record<string, string>): string | undefined {
  const num = (name: string, fallback?: number) => {
    const value = a[name];
    if (value === undefined) return fallback;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  switch (tag) {
    case "path":
      return typeof a.d === "string" ? standalone(a.d) : undefined;
    case "circle":
    case "ellipse": {
      const cx = num("cx", 0);
      const cy = num("cy", 0);
      const rx = tag === "circle" ? num("r") : num("rx");
      const ry = tag === "circle" ? rx : num("ry");
      if (cx === undefined || cy === undefined || !rx || !ry || rx < 0 || ry < 0) return undefined;
      // Two half arcs from the leftmost point, closed.
      return `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(2 * rx)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-2 * rx)} 0z`;
    }
    case "line": {
      const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((k) => num(k, 0));
      if ([x1, y1, x2, y2].some((v) => v === undefined)) return undefined;
      return `M${n(x1!)} ${n(y1!)}L${n(x2!)} ${n(y2!)}`;
    }
    case "polyline":
    case "polygon": {
      const list = typeof a.points === "string" ? numbers(a.points) : undefined;
      if (!list || list.length < 4 || list.length % 2 !== 0) return undefined;
      const pairs = [];
      for (let i = 0; i < list.length; i += 2) pairs.push(`${n(list[i]!)} ${n(list[i + 1]!)}`);
      return `M${pairs[0]}L${pairs.slice(1).join(" ")}${tag === "polygon" ? "z" : ""}`;
    }
    case "rect": {
      const x = num("x", 0);
      const y = num("y", 0);
      const w = num("width");
      const h = num("height");
      if (x === undefined || y === undefined || !w || !h || w < 0 || h < 0) return undefined;
      // SVG's rules: a missing radius takes the other's value, and each is at most half a side.
      const rxGiven = num("rx");
      const ryGiven = num("ry");
      if ((rxGiven ?? 0) < 0 || (ryGiven ?? 0) < 0) return undefined;
      const rx = Math.min(rxGiven ?? ryGiven ?? 0, w / 2);
      const ry = Math.min(ryGiven ?? rxGiven ?? 0, h / 2);
      if (rx === 0 || ry === 0) return `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
      const arc = (dx: number, dy: number) => `a${n(rx)} ${n(ry)} 0 0 1 ${n(dx)} ${n(dy)}`;
      return (
        `M${n(x + rx)} ${n(y)}h${n(w - 2 * rx)}${arc(rx, ry)}v${n(h - 2 * ry)}${arc(-rx, ry)}` +
        `h${n(-(w - 2 * rx))}${arc(-rx, -ry)}v${n(-(h - 2 * ry))}${arc(rx, -ry)}z`
      );
    }
    default:
      return undefined;
  }
}

/**
 * The inner markup of an icon's `<svg>` (its shapes, as React rendered them) drawn as one
 * `<path>`; undefined when it holds anything but plain shapes, or only one.
 */
export function drawingAsOnePath(drawing: string): string | undefined {
  const parts: string[] = [];
  let rest = drawing.trim();
  let shapes = 0;
  while (rest !== "") {
    const match = SHAPE.exec(rest);
    if (!match) return undefined;
    const [whole, tag = "", attributeText = ""] = match;
    const allowed = GEOMETRY[tag];
    if (!allowed) return undefined;
    const attributes: Record<string, string> = {};
    for (const [, name = "", value = ""] of attributeText.matchAll(ATTRIBUTE)) {
      if (!allowed.includes(name)) return undefined;
      attributes[name] = value;
    }
    const data = outline(tag, attributes);
    if (!data) return undefined;
    parts.push(data);
    shapes += 1;
    rest = rest.slice(whole.length).trim();
  }
  // A single shape is one element already.
  if (shapes < 2) return undefined;
  return `<path d="${parts.join("")}"></path>`;
}
