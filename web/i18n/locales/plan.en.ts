import type { planDe } from "./plan.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of the plan page (English).
export const planEn: Shape<typeof planDe> = {
  title: "Plan and usage",
  description: "What your team uses, compared with the limits of the Cloudflare plan Buddy runs on.",
  current: "Current plan",
  plans: { free: "Workers Free", paid: "Workers Paid" },
  items: {
    requests_today: "API requests today",
    requests_month: "API requests this month",
    database_bytes: "Database (D1, all teams)",
    storage_bytes: "File storage (R2)",
    vector_dimensions: "Stored vector dimensions",
    documents: "Documents",
    chunks: "Chunks",
  },
  hints: {
    requests_today: "This team's API requests (UTC day). The limit applies to the whole Cloudflare account.",
    requests_month: "This team's requests in the current calendar month.",
    database_bytes: "Size of the whole D1 database, shared by all teams.",
    storage_bytes: "Uploaded documents and the file manager's files.",
    vector_dimensions: "Vectors × dimensions of this team's chunks (as Vectorize counts).",
    documents: "Documents in all of the team's knowledge bases.",
    chunks: "Chunks in all of the team's knowledge bases.",
  },
  of: "{{value}} of {{limit}}",
  percent: "{{percent}} %",
  included: "included, billed beyond",
  hardLimit: "hard limit",
  noLimit: "no plan limit",
  unknown: "not available",
  warning: "Above 80 % of the limit",
  exceeded: "Limit reached",
  usageLabel: "{{label}}: {{percent}} % used",
  changeTitle: "Changing the plan",
  changeBody:
    'The plan is a setting of the installation: set CF_PLAN = "paid" (or "free") under [vars] in wrangler.toml and deploy Buddy again. The plan itself is booked in the Cloudflare dashboard.',
  pricing: "Cloudflare's pricing and limits",
  asOf: "As of {{day}} (UTC)",
  compare: "Limits compared",
  limitColumn: "Limit",
};
