import {
  type PlanLimit,
  type Usage,
  USAGE_KEYS,
  USAGE_UNITS,
  type UsageKey,
  type UsageUnit,
  usageLevel,
  usagePercent,
} from "../../../worker/contract/usage";
import { formatCount, formatNumber } from "../../lib/format";

export type UsageRow = {
  key: UsageKey;
  unit: UsageUnit;
  // null: the platform did not say (D1's size outside Cloudflare)
  value: number | null;
  limit: PlanLimit;
  percent: number | null;
  level: ReturnType<typeof usageLevel>;
};

// One row per measured item, in the contract's order; a percentage only where the plan sets a number.
export const usageRows = ({ usage, limits }: Pick<Usage, "usage" | "limits">): UsageRow[] =>
  USAGE_KEYS.map((key) => {
    const value = usage[key];
    const limit = limits[key];
    return {
      key,
      unit: USAGE_UNITS[key],
      value,
      limit,
      percent: value === null ? null : usagePercent(value, limit),
      level: value === null ? "unlimited" : usageLevel(value, limit),
    };
  });

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"];

// Decimal units, as Cloudflare states its limits (500 MB, 10 GB).
export const formatBytes = (bytes: number) => {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${formatNumber(value, unit === 0 || Number.isInteger(value) ? 0 : 1)} ${BYTE_UNITS[unit]}`;
};

export const formatUsage = (value: number, unit: UsageUnit) =>
  unit === "bytes" ? formatBytes(value) : formatCount(value);

// Whole percent, but never 0 % for something that is used, nor 100 % before the limit is reached.
export const roundPercent = (percent: number) => {
  if (percent > 0 && percent < 1) return "<1";
  if (percent < 100 && percent > 99) return ">99";
  return String(Math.round(percent));
};

export const LEVEL_PALETTE = { ok: "teal", warning: "orange", exceeded: "red", unlimited: "gray" } as const;
