#!/usr/bin/env node
/**
 * Draws the project's original placeholder artwork (flat-illustration landscapes) into src/assets/.
 * The agency replaces any picture by dropping a real photo in under the same file name.
 * Run once by hand: `node scripts/make-artwork.mjs` (the outputs are committed; builds do not run it).
 */
import sharp from "sharp";
import { mkdirSync } from "node:fs";

const out = new URL("../src/assets/", import.meta.url);
mkdirSync(out, { recursive: true });

/** Deterministic pseudo-random numbers, so re-running draws the same pictures. */
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function sky(w, h, top, bottom, id = "sky") {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`;
}

function hills(w, h, colors, r) {
  return colors
    .map((c, i) => {
      const base = h * (0.55 + i * 0.12);
      const amp = h * (0.08 - i * 0.015);
      const p1 = base - amp * (0.5 + r());
      const p2 = base - amp * (0.5 + r());
      return `<path d="M0 ${base} C ${w * 0.25} ${p1}, ${w * 0.5} ${p2}, ${w} ${base - amp * r()} L ${w} ${h} L 0 ${h} Z" fill="${c}"/>`;
    })
    .join("");
}

function tree(x, y, s, leaf = "#2f7d3a", trunk = "#6b4a2b") {
  return `<rect x="${x - s * 0.08}" y="${y - s * 0.5}" width="${s * 0.16}" height="${s * 0.5}" fill="${trunk}"/><circle cx="${x}" cy="${y - s * 0.75}" r="${s * 0.42}" fill="${leaf}"/><circle cx="${x - s * 0.25}" cy="${y - s * 0.55}" r="${s * 0.3}" fill="${leaf}"/><circle cx="${x + s * 0.27}" cy="${y - s * 0.58}" r="${s * 0.3}" fill="${leaf}"/>`;
}

function house(x, y, s) {
  return `<rect x="${x}" y="${y - s * 0.6}" width="${s}" height="${s * 0.6}" fill="#f4efe6"/><path d="M ${x - s * 0.08} ${y - s * 0.6} L ${x + s / 2} ${y - s} L ${x + s * 1.08} ${y - s * 0.6} Z" fill="#8c3b2e"/><rect x="${x + s * 0.42}" y="${y - s * 0.32}" width="${s * 0.16}" height="${s * 0.32}" fill="#5b3a24"/><rect x="${x + s * 0.12}" y="${y - s * 0.48}" width="${s * 0.18}" height="${s * 0.14}" fill="#9cc7e4"/><rect x="${x + s * 0.7}" y="${y - s * 0.48}" width="${s * 0.18}" height="${s * 0.14}" fill="#9cc7e4"/>`;
}

function stripes(w, h, y0, a, b, n = 10) {
  let s = "";
  for (let i = 0; i < n; i++) {
    const x0 = (i / n) * w * 1.6 - w * 0.3;
    const x1 = ((i + 1) / n) * w * 1.6 - w * 0.3;
    s += `<path d="M ${w / 2} ${y0} L ${x0} ${h} L ${x1} ${h} Z" fill="${i % 2 ? a : b}"/>`;
  }
  return s;
}

const motifs = {
  "turf-lawn-care": (w, h, r) =>
    sky(w, h, "#8fd0f0", "#e6f6fb") +
    hills(w, h, ["#7fb86a"], r) +
    stripes(w, h, h * 0.55, "#4f9a3f", "#62b04f", 14) +
    tree(w * 0.12, h * 0.58, h * 0.3) +
    tree(w * 0.88, h * 0.57, h * 0.26),
  "lawn-maintenance": (w, h, r) =>
    sky(w, h, "#a7dcf5", "#eef9fc") +
    hills(w, h, ["#6aa857", "#4e9140"], r) +
    house(w * 0.55, h * 0.62, h * 0.32) +
    `<rect x="${w * 0.18}" y="${h * 0.72}" width="${w * 0.12}" height="${h * 0.06}" rx="8" fill="#d9472b"/><circle cx="${w * 0.2}" cy="${h * 0.79}" r="${h * 0.02}" fill="#222"/><circle cx="${w * 0.28}" cy="${h * 0.79}" r="${h * 0.02}" fill="#222"/><path d="M ${w * 0.3} ${h * 0.72} L ${w * 0.36} ${h * 0.6}" stroke="#333" stroke-width="6"/>` +
    tree(w * 0.9, h * 0.62, h * 0.3),
  "landscape-design": (w, h, r) =>
    sky(w, h, "#9bd3ee", "#f1fafc") +
    hills(w, h, ["#79b462", "#5d9e4c"], r) +
    `<path d="M0 ${h * 0.8} C ${w * 0.3} ${h * 0.66}, ${w * 0.6} ${h * 0.95}, ${w} ${h * 0.78} L ${w} ${h * 0.86} C ${w * 0.6} ${h}, ${w * 0.3} ${h * 0.74}, 0 ${h * 0.88} Z" fill="#c9a97a"/>` +
    [0.15, 0.3, 0.45, 0.62, 0.8]
      .map(
        (x, i) =>
          `<circle cx="${w * x}" cy="${h * 0.7}" r="${h * 0.04}" fill="${["#e86a9a", "#f2c14e", "#b07be0", "#f28c38", "#e86a9a"][i]}"/>`,
      )
      .join("") +
    tree(w * 0.5, h * 0.6, h * 0.28, "#3c8c46"),
  "hardscape-outdoor-living": (w, h, r) => {
    let pavers = "";
    for (let row = 0; row < 5; row++)
      for (let col = 0; col < 14; col++)
        pavers += `<rect x="${col * (w / 14) + (row % 2) * (w / 28)}" y="${h * 0.7 + row * h * 0.06}" width="${w / 14 - 6}" height="${h * 0.06 - 6}" fill="${r() > 0.5 ? "#b9a58c" : "#a8927a"}"/>`;
    return (
      sky(w, h, "#f6b26b", "#fde3c2") +
      hills(w, h, ["#6f9f5a"], r) +
      pavers +
      `<rect x="${w * 0.58}" y="${h * 0.5}" width="${w * 0.28}" height="${h * 0.2}" fill="#7a6a5a"/><rect x="${w * 0.6}" y="${h * 0.46}" width="${w * 0.24}" height="${h * 0.05}" fill="#4b4038"/><rect x="${w * 0.2}" y="${h * 0.58}" width="${w * 0.2}" height="${h * 0.03}" fill="#6b4a2b"/><rect x="${w * 0.22}" y="${h * 0.61}" width="${h * 0.02}" height="${h * 0.09}" fill="#6b4a2b"/><rect x="${w * 0.37}" y="${h * 0.61}" width="${h * 0.02}" height="${h * 0.09}" fill="#6b4a2b"/>`
    );
  },
  "outdoor-lighting": (w, h, r) => {
    let stars = "";
    for (let i = 0; i < 60; i++)
      stars += `<circle cx="${r() * w}" cy="${r() * h * 0.45}" r="${1 + r() * 2}" fill="#fff" opacity="${0.4 + r() * 0.6}"/>`;
    let lamps = "";
    for (let i = 0; i < 7; i++) {
      const x = w * (0.1 + i * 0.13);
      lamps += `<circle cx="${x}" cy="${h * 0.78}" r="${h * 0.09}" fill="#ffd86b" opacity="0.25"/><rect x="${x - 4}" y="${h * 0.76}" width="8" height="${h * 0.08}" fill="#2d2d2d"/><circle cx="${x}" cy="${h * 0.76}" r="9" fill="#ffe9a3"/>`;
    }
    return (
      sky(w, h, "#0f1d3a", "#2b3f6b") +
      stars +
      hills(w, h, ["#1d3b2a", "#16301f"], r) +
      house(w * 0.4, h * 0.66, h * 0.3) +
      lamps
    );
  },
  "pest-control": (w, h, r) =>
    sky(w, h, "#b4e0c0", "#eef8f0") +
    hills(w, h, ["#6fae5c", "#4f8f40"], r) +
    `<path d="M ${w / 2} ${h * 0.2} L ${w * 0.62} ${h * 0.26} L ${w * 0.6} ${h * 0.5} C ${w * 0.58} ${h * 0.6}, ${w * 0.52} ${h * 0.66}, ${w / 2} ${h * 0.68} C ${w * 0.48} ${h * 0.66}, ${w * 0.42} ${h * 0.6}, ${w * 0.4} ${h * 0.5} L ${w * 0.38} ${h * 0.26} Z" fill="#1f6f43" stroke="#fff" stroke-width="10"/><path d="M ${w * 0.45} ${h * 0.44} L ${w * 0.49} ${h * 0.5} L ${w * 0.56} ${h * 0.36}" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/>` +
    house(w * 0.08, h * 0.72, h * 0.28) +
    tree(w * 0.86, h * 0.7, h * 0.28),
  "arborist-tree-services": (w, h, r) =>
    sky(w, h, "#9ad0ea", "#eaf7fb") +
    hills(w, h, ["#5f9d4e", "#487f3b"], r) +
    tree(w * 0.3, h * 0.78, h * 0.6, "#2f6f35") +
    tree(w * 0.62, h * 0.76, h * 0.5, "#3b8441") +
    tree(w * 0.85, h * 0.74, h * 0.4, "#2f6f35") +
    `<path d="M ${w * 0.42} ${h * 0.3} L ${w * 0.5} ${h * 0.78}" stroke="#d9472b" stroke-width="8"/><rect x="${w * 0.49}" y="${h * 0.62}" width="${w * 0.06}" height="${h * 0.1}" fill="#f2a20c"/>`,
  "sprinkler-irrigation": (w, h, r) => {
    let arcs = "";
    for (let i = 0; i < 3; i++) {
      const x = w * (0.2 + i * 0.3);
      for (let k = 1; k <= 4; k++)
        arcs += `<path d="M ${x} ${h * 0.74} Q ${x + k * 40} ${h * (0.74 - k * 0.06)} ${x + k * 80} ${h * 0.74}" stroke="#6cc3f0" stroke-width="4" fill="none" opacity="0.8"/><path d="M ${x} ${h * 0.74} Q ${x - k * 40} ${h * (0.74 - k * 0.06)} ${x - k * 80} ${h * 0.74}" stroke="#6cc3f0" stroke-width="4" fill="none" opacity="0.8"/>`;
      arcs += `<rect x="${x - 6}" y="${h * 0.74}" width="12" height="${h * 0.04}" fill="#555"/>`;
    }
    return (
      sky(w, h, "#8fd0f0", "#e6f6fb") +
      hills(w, h, ["#6fb45c"], r) +
      stripes(w, h, h * 0.6, "#4f9a3f", "#5ba94a", 12) +
      arcs
    );
  },
  hero: (w, h, r) =>
    sky(w, h, "#1f5f3a", "#7cc38a", "heroSky") +
    hills(w, h, ["#3f8a45", "#2f7436", "#215c2a"], r) +
    house(w * 0.62, h * 0.68, h * 0.3) +
    tree(w * 0.08, h * 0.74, h * 0.34, "#1f5a27") +
    tree(w * 0.2, h * 0.72, h * 0.26, "#2a6a30") +
    tree(w * 0.9, h * 0.7, h * 0.3, "#1f5a27") +
    stripes(w, h, h * 0.72, "#2f7a35", "#38883e", 16),
  "case-puretek": (w, h) => {
    let flakes = "";
    const r = rng(42);
    for (let i = 0; i < 400; i++)
      flakes += `<circle cx="${r() * w}" cy="${h * 0.45 + r() * h * 0.55}" r="${2 + r() * 4}" fill="${["#e7e1d6", "#6b6b6b", "#b0a89a", "#2d2d2d"][i % 4]}"/>`;
    return (
      `<rect width="${w}" height="${h}" fill="#d8d3ca"/>` +
      `<rect y="${h * 0.45}" width="${w}" height="${h * 0.55}" fill="#8e8a83"/>` +
      flakes +
      `<rect x="${w * 0.08}" y="${h * 0.1}" width="${w * 0.84}" height="${h * 0.3}" fill="#f4f1ec"/><rect x="${w * 0.12}" y="${h * 0.14}" width="${w * 0.2}" height="${h * 0.22}" fill="#9cc7e4"/><rect x="${w * 0.4}" y="${h * 0.14}" width="${w * 0.2}" height="${h * 0.22}" fill="#9cc7e4"/><rect x="${w * 0.68}" y="${h * 0.14}" width="${w * 0.2}" height="${h * 0.22}" fill="#9cc7e4"/>`
    );
  },
  "case-romans": (w, h, r) => {
    let shingles = "";
    for (let row = 0; row < 10; row++)
      for (let col = 0; col < 14; col++)
        shingles += `<rect x="${w * 0.16 + (col * (w * 0.6)) / 12 + (row % 2) * 12}" y="${h * 0.2 + row * h * 0.045}" width="${(w * 0.6) / 12 - 4}" height="${h * 0.04}" fill="${r() > 0.5 ? "#5a2f27" : "#6b382e"}"/>`;
    return (
      sky(w, h, "#87c6ea", "#e9f6fc") +
      hills(w, h, ["#6aa857"], r) +
      `<rect x="${w * 0.24}" y="${h * 0.6}" width="${w * 0.52}" height="${h * 0.3}" fill="#efe8dc"/>` +
      `<clipPath id="roof"><path d="M ${w * 0.16} ${h * 0.62} L ${w / 2} ${h * 0.2} L ${w * 0.84} ${h * 0.62} Z"/></clipPath>` +
      `<path d="M ${w * 0.16} ${h * 0.62} L ${w / 2} ${h * 0.2} L ${w * 0.84} ${h * 0.62} Z" fill="#6b382e"/>` +
      `<g clip-path="url(#roof)">${shingles}</g>` +
      `<rect x="${w * 0.46}" y="${h * 0.72}" width="${w * 0.08}" height="${h * 0.18}" fill="#5b3a24"/>`
    );
  },
};

async function render(name, width, height, seed, motif = name) {
  const r = rng(seed);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${motifs[motif](width, height, r)}</svg>`;
  await sharp(Buffer.from(svg))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(new URL(`${name}.jpg`, out).pathname);
  console.log(`src/assets/${name}.jpg`);
}

const industries = [
  "turf-lawn-care",
  "lawn-maintenance",
  "landscape-design",
  "hardscape-outdoor-living",
  "outdoor-lighting",
  "pest-control",
  "arborist-tree-services",
  "sprinkler-irrigation",
];

mkdirSync(new URL("industries/", out), { recursive: true });
mkdirSync(new URL("case-studies/", out), { recursive: true });
mkdirSync(new URL("posters/", out), { recursive: true });
await render("hero", 1920, 1080, 7);
for (const [i, id] of industries.entries())
  await render(`industries/${id}`, 1200, 800, 100 + i, id);
await render("case-studies/puretek-llc", 1200, 800, 5, "case-puretek");
await render("case-studies/romans-roofing-llc", 1200, 800, 6, "case-romans");
await render("posters/success-stories", 1280, 720, 11, "landscape-design");
await render("posters/puretek-llc", 1280, 720, 12, "case-puretek");
await render("posters/romans-roofing-llc", 1280, 720, 13, "case-romans");
await render("og-default", 1200, 630, 14, "hero");
