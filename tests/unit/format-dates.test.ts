import { describe, expect, it } from "vitest";
import { formatMonthRange, formatMonthYear } from "../../src/lib/format";

describe("formatMonthRange", () => {
  const labels = { month: "Month", months: "Months" };
  it("writes a range of months", () => {
    expect(formatMonthRange({ from: 1, to: 2 }, labels)).toBe("Months 1-2");
    expect(formatMonthRange({ from: 10, to: 12 }, labels)).toBe("Months 10-12");
  });
  it("writes a single month in the singular", () => {
    expect(formatMonthRange({ from: 3, to: 3 }, labels)).toBe("Month 3");
  });
});

describe("formatMonthYear", () => {
  it("writes month and year", () => {
    expect(formatMonthYear(new Date("2025-01-01"))).toBe("January 2025");
  });
  it("does not shift the month in time zones west of UTC", () => {
    expect(formatMonthYear(new Date(Date.UTC(2025, 0, 1, 0, 0)))).toBe("January 2025");
    expect(formatMonthYear(new Date(Date.UTC(2025, 0, 31, 23, 59)))).toBe("January 2025");
  });
});
