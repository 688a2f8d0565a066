/**
 * The third parties the site may load, and only after the visitor asks: the video provider
 * (privacy-enhanced domain) and the scheduling provider's embed script. Plain constants, so
 * browser islands can import them without the zod-parsed site config; the Content-Security-Policy
 * (integrations/csp.ts) allows exactly these origins plus the booking page's origin.
 */
export const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";
export const VIDEO_WATCH_ORIGIN = "https://www.youtube.com";
export const SCHEDULING_SCRIPT = "https://assets.calendly.com/assets/external/widget.js";

/**
 * How long the video player may stay silent once its frame has loaded, and in all, before it
 * counts as not loading (src/components/islands/VideoPlayer.tsx).
 */
export const VIDEO_PLAYER_SILENCE_MS = 6_000;
export const VIDEO_PLAYER_LOAD_MS = 30_000;
