/** What the Performance page's "Right now" panel says (src/components/admin/LiveVisitors.tsx). */
export const liveMessages = {
  heading: "Right now",
  visitors: (n: number, minutes: number) =>
    `${n.toLocaleString("en-US")} ${n === 1 ? "visitor" : "visitors"} in the last ${minutes} minutes`,
  none: (minutes: number) => `No visitors in the last ${minutes} minutes.`,
  asOf: (time: string) => `As of ${time}.`,
  refresh: "Refresh",
  table: "Pages visitors are on now",
  page: "Page",
  onIt: "Visitors",
} as const;
