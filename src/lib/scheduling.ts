/**
 * The scheduling provider (Calendly): its embed script and what its inline widget expects. The
 * booking page itself is agency configuration (`site.scheduling.url`).
 */
export { SCHEDULING_SCRIPT } from "../config/providers";

/** The booking page with the parameters of the provider's inline embed. */
export function schedulingEmbedUrl(bookingUrl: string, host: string): string {
  const url = new URL(bookingUrl);
  url.searchParams.set("embed_domain", host);
  url.searchParams.set("embed_type", "Inline");
  url.searchParams.set("hide_gdpr_banner", "1");
  return url.href;
}

/** True for the messages the provider's frame posts about what it shows ("calendly.…"). */
export function isSchedulingMessage(event: MessageEvent, bookingUrl: string): boolean {
  const data: unknown = event.data;
  return (
    event.origin === new URL(bookingUrl).origin &&
    typeof data === "object" &&
    data !== null &&
    typeof (data as { event?: unknown }).event === "string" &&
    (data as { event: string }).event.startsWith("calendly.")
  );
}
