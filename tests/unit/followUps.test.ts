/**
 * The agency's clock for follow-ups: a date and time typed are read in America/New_York whatever
 * the machine's zone (standard and daylight time, the hour skipped in March, impossible dates),
 * the end of the agency's day, the zone's label, and what a typed follow-up may be.
 */
import { describe, expect, it } from "vitest";
import {
  agencyMoment,
  agencyZoneLabel,
  endOfAgencyDay,
  fromNow,
  readFollowUp,
} from "../../src/admin/followUps";

const NY = "America/New_York";

describe("follow-ups on the agency's clock", () => {
  it("reads a wall time in New York, EST in winter and EDT in summer", () => {
    expect(agencyMoment("2027-01-15", "09:00", NY)?.toISOString()).toBe("2027-01-15T14:00:00.000Z");
    expect(agencyMoment("2027-07-15", "09:00", NY)?.toISOString()).toBe("2027-07-15T13:00:00.000Z");
    // The days the clocks change: before and after the change.
    expect(agencyMoment("2027-03-14", "01:30", NY)?.toISOString()).toBe("2027-03-14T06:30:00.000Z");
    expect(agencyMoment("2027-03-14", "03:30", NY)?.toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(agencyMoment("2027-11-07", "12:00", NY)?.toISOString()).toBe("2027-11-07T17:00:00.000Z");
  });

  it("refuses what the clock never shows", () => {
    expect(agencyMoment("2027-03-14", "02:30", NY)).toBeNull(); // skipped in March
    expect(agencyMoment("2027-02-30", "09:00", NY)).toBeNull();
    expect(agencyMoment("2027-01-15", "24:00", NY)).toBeNull();
    expect(agencyMoment("15/01/2027", "09:00", NY)).toBeNull();
  });

  it("ends the agency's day at its midnight, and labels the zone", () => {
    // 03:00 UTC on 26 Nov is still 25 Nov in New York: its day ends at 05:00 UTC.
    expect(endOfAgencyDay(new Date("2026-11-26T03:00:00Z"), NY).toISOString()).toBe(
      "2026-11-26T05:00:00.000Z",
    );
    expect(endOfAgencyDay(new Date("2027-07-01T12:00:00Z"), NY).toISOString()).toBe(
      "2027-07-02T04:00:00.000Z",
    );
    expect(agencyZoneLabel(NY)).toBe("EST/EDT (New York)");
    expect(agencyZoneLabel("America/Los_Angeles")).toBe("PST/PDT (Los Angeles)");
  });

  it("says how far off a due time is", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(fromNow("2026-11-25T12:30:00Z", now)).toBe("in 30 min");
    expect(fromNow("2026-11-25T15:00:00Z", now)).toBe("in 3 h");
    expect(fromNow("2026-11-28T12:00:00Z", now)).toBe("in 3 days");
    expect(fromNow("2026-11-25T11:50:00Z", now)).toBe("10 min overdue");
  });

  it("accepts today or later within a year, a short one-line note", () => {
    const now = new Date("2026-11-26T03:00:00Z"); // 25 Nov, 22:00 in New York
    expect(readFollowUp({ date: "2026-11-25", time: "9:05", note: " hi " }, now, NY)).toEqual({
      ok: true,
      dueAt: new Date("2026-11-25T14:05:00Z"),
      note: "hi",
    });
    const refused = (input: { date: string; time: string; note: string }) => {
      const read = readFollowUp(input, now, NY);
      return read.ok ? "" : read.message;
    };
    expect(refused({ date: "2026-11-24", time: "09:00", note: "" })).toMatch(/today or a later/);
    expect(refused({ date: "2027-12-01", time: "09:00", note: "" })).toMatch(/within a year/);
    expect(refused({ date: "2026-11-30", time: "9am", note: "" })).toMatch(/does not exist/);
    expect(refused({ date: "2026-11-30", time: "09:00", note: "two\nlines" })).toMatch(/could not/);
    expect(refused({ date: "2026-11-30", time: "09:00", note: "é".repeat(201) })).toMatch(/200/);
    expect(refused({ date: "2026-11-30", time: "09:00", note: "é".repeat(200) })).toBe("");
  });
});
