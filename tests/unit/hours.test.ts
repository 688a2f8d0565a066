import { describe, expect, it } from "vitest";
import { isOpen, openMinutesBetween } from "../../src/admin/hours";
import { agencyHours } from "../../src/config/agency";

/** Eastern standard time (UTC−5); 1 March 2027 is a Monday. */
const est = (day: number, hh: number, mm: number) => new Date(Date.UTC(2027, 2, day, hh + 5, mm));

describe("the agency's hours (Mon–Fri 09:00–18:00 America/New_York)", () => {
  it("is open on a weekday between opening and closing only", () => {
    expect(isOpen(agencyHours, est(3, 9, 0))).toBe(true);
    expect(isOpen(agencyHours, est(3, 17, 59))).toBe(true);
    expect(isOpen(agencyHours, est(3, 8, 59))).toBe(false);
    expect(isOpen(agencyHours, est(3, 18, 0))).toBe(false);
    expect(isOpen(agencyHours, est(6, 12, 0))).toBe(false); // Saturday
    expect(isOpen(agencyHours, est(7, 12, 0))).toBe(false); // Sunday
  });

  it("counts only opening minutes between two moments", () => {
    expect(openMinutesBetween(agencyHours, est(3, 10, 0), est(3, 10, 30))).toBe(30);
    expect(openMinutesBetween(agencyHours, est(3, 7, 0), est(3, 9, 15))).toBe(15);
    expect(openMinutesBetween(agencyHours, est(3, 17, 50), est(4, 9, 10))).toBe(20);
    // Friday evening to Monday morning: 10 minutes on Friday, 20 on Monday.
    expect(openMinutesBetween(agencyHours, est(5, 17, 50), est(8, 9, 20))).toBe(30);
    // A whole week: five days of nine hours.
    expect(openMinutesBetween(agencyHours, est(1, 0, 0), est(8, 0, 0))).toBe(5 * 9 * 60);
    expect(openMinutesBetween(agencyHours, est(3, 12, 0), est(3, 11, 0))).toBe(0);
  });

  it("follows US summer time: 09:00 in July is 13:00 UTC, not 14:00", () => {
    // 14 July 2027 is a Wednesday; Eastern daylight time is UTC−4.
    const edt = (hh: number, mm: number) => new Date(Date.UTC(2027, 6, 14, hh + 4, mm));
    expect(isOpen(agencyHours, edt(9, 0))).toBe(true);
    expect(isOpen(agencyHours, edt(8, 59))).toBe(false);
    expect(isOpen(agencyHours, edt(17, 59))).toBe(true);
    expect(isOpen(agencyHours, edt(18, 0))).toBe(false);
    expect(openMinutesBetween(agencyHours, edt(8, 0), edt(9, 30))).toBe(30);
  });

  it("reads other hours and time zones, with days that wrap past Saturday", () => {
    const weekend = { ...agencyHours, firstDay: "Saturday", lastDay: "Sunday", timeZone: "UTC" };
    const utc = (day: number, hh: number) => new Date(Date.UTC(2027, 2, day, hh));
    expect(isOpen(weekend, utc(6, 10))).toBe(true);
    expect(isOpen(weekend, utc(8, 10))).toBe(false);
    expect(openMinutesBetween(weekend, utc(5, 0), utc(8, 0))).toBe(2 * 9 * 60);
  });
});
