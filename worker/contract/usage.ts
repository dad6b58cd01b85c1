// Usage of a team against the Cloudflare plan the deployment runs on (CF_PLAN = "free" | "paid").
// Limits as published by Cloudflare (docs/usage-and-plan.md cites the pages); sizes in decimal units.
export const CF_PLANS = ["free", "paid"] as const;
export type CfPlan = (typeof CF_PLANS)[number];

export const USAGE_KEYS = [
  "requests_today",
  "requests_month",
  "database_bytes",
  "storage_bytes",
  "vector_dimensions",
  "documents",
  "chunks",
] as const;
export type UsageKey = (typeof USAGE_KEYS)[number];

export type UsageUnit = "count" | "bytes";

// "limit": Cloudflare stops serving beyond it; "included": free allowance, billed beyond it; null: no limit.
export type PlanLimit = { value: number; kind: "limit" | "included" } | null;

const MB = 1000 * 1000;
const GB = 1000 * MB;

export const PLAN_LIMITS: Record<CfPlan, Record<UsageKey, PlanLimit>> = {
  free: {
    requests_today: { value: 100_000, kind: "limit" },
    requests_month: null,
    database_bytes: { value: 500 * MB, kind: "limit" },
    storage_bytes: { value: 10 * GB, kind: "included" },
    vector_dimensions: { value: 5_000_000, kind: "limit" },
    documents: null,
    chunks: null,
  },
  paid: {
    requests_today: null,
    requests_month: { value: 10_000_000, kind: "included" },
    database_bytes: { value: 10 * GB, kind: "limit" },
    storage_bytes: { value: 10 * GB, kind: "included" },
    vector_dimensions: { value: 10_000_000, kind: "included" },
    documents: null,
    chunks: null,
  },
};

export const USAGE_UNITS: Record<UsageKey, UsageUnit> = {
  requests_today: "count",
  requests_month: "count",
  database_bytes: "bytes",
  storage_bytes: "bytes",
  vector_dimensions: "count",
  documents: "count",
  chunks: "count",
};

export const PRICING_URL = "https://developers.cloudflare.com/workers/platform/pricing/";

// GET /api/v1/usage. database_bytes is the whole D1 database (all teams); null where D1 does not say.
export type Usage = {
  plan: CfPlan;
  day: string;
  usage: Record<Exclude<UsageKey, "database_bytes">, number> & { database_bytes: number | null };
  limits: Record<UsageKey, PlanLimit>;
};

// Above this share of a limit the plan page warns.
export const USAGE_WARNING_RATIO = 0.8;

export const usagePercent = (value: number, limit: PlanLimit) =>
  limit && limit.value > 0 ? Math.min(100, (value / limit.value) * 100) : null;

export const usageLevel = (value: number, limit: PlanLimit): "ok" | "warning" | "exceeded" | "unlimited" => {
  if (!limit) return "unlimited";
  if (value >= limit.value) return "exceeded";
  return value > limit.value * USAGE_WARNING_RATIO ? "warning" : "ok";
};
