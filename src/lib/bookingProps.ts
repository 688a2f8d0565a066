import { site } from "../config/site";
import { requireTemplate } from "./content";

/** The props of the BookingEmbed island: the booking page and the widget height from the config. */
export async function bookingProps(mode: "script" | "frame") {
  return {
    mode,
    url: site.scheduling.url,
    height: site.scheduling.widgetHeight,
    copy: await requireTemplate("conversion", "booking", "booking"),
  };
}
