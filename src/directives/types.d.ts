import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key event inside the island. */
    "client:interaction"?: boolean;
    /** Hydrate after the page has loaded and painted, when the browser is idle. */
    "client:afterpaint"?: boolean;
  }
}
