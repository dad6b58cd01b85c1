import { describe, expect, it } from "vitest";
import { type Cron, cronMatches, parseCron } from "../../../worker/contract/cron";

const cron = (expression: string) => {
  const parsed = parseCron(expression);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed as Cron;
};
const at = (iso: string) => new Date(`${iso}Z`);

describe("cron expressions", () => {
  it("matches minutes, hours, ranges, lists, steps and names in UTC", () => {
    expect(cronMatches(cron("* * * * *"), at("2026-11-28T05:01:00"))).toBe(true);
    const weekdayMornings = cron("0 7 * * MON-FRI");
    expect(cronMatches(weekdayMornings, at("2026-11-27T07:00:00"))).toBe(true); // Friday
    expect(cronMatches(weekdayMornings, at("2026-11-28T07:00:00"))).toBe(false); // Saturday
    expect(cronMatches(weekdayMornings, at("2026-11-27T07:01:00"))).toBe(false);
    const quarterHours = cron("*/15 8-10 * * *");
    expect(
      [0, 15, 30, 45].every((m) => cronMatches(quarterHours, at(`2026-01-01T09:${String(m).padStart(2, "0")}:00`))),
    ).toBe(true);
    expect(cronMatches(quarterHours, at("2026-01-01T09:20:00"))).toBe(false);
    expect(cronMatches(quarterHours, at("2026-01-01T11:00:00"))).toBe(false);
    expect(cronMatches(cron("5,35 12 1 JAN,jul *"), at("2026-07-01T12:35:00"))).toBe(true);
    expect(cronMatches(cron("5,35 12 1 JAN,jul *"), at("2026-08-01T12:35:00"))).toBe(false);
    expect(cronMatches(cron("0 0 * * 7"), at("2026-11-29T00:00:00"))).toBe(true); // Sunday as 7
    expect(cronMatches(cron("10-50/20 * * * *"), at("2026-01-01T00:30:00"))).toBe(true);
    expect(cronMatches(cron("10-50/20 * * * *"), at("2026-01-01T00:40:00"))).toBe(false);
  });

  it("matches either day field when both are restricted, as cron does", () => {
    const firstOrMonday = cron("0 6 1 * 1");
    expect(cronMatches(firstOrMonday, at("2026-12-01T06:00:00"))).toBe(true); // Tuesday the 1st
    expect(cronMatches(firstOrMonday, at("2026-11-30T06:00:00"))).toBe(true); // Monday the 30th
    expect(cronMatches(firstOrMonday, at("2026-12-02T06:00:00"))).toBe(false);
  });

  it("names the field that is wrong", () => {
    expect(parseCron("* * * *")).toBe("A cron expression has five fields: minute hour day-of-month month day-of-week.");
    expect(parseCron("60 * * * *")).toBe("The minute field `60` is not valid.");
    expect(parseCron("* 5-2 * * *")).toBe("The hour field `5-2` is not valid.");
    expect(parseCron("* * 0 * *")).toBe("The day of month field `0` is not valid.");
    expect(parseCron("* * * FOO *")).toBe("The month field `FOO` is not valid.");
    expect(parseCron("*/0 * * * *")).toBe("The minute field `*/0` is not valid.");
    expect(parseCron("* * * * 1/2/3")).toBe("The day of week field `1/2/3` is not valid.");
  });
});
