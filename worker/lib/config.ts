import { RAGFLOW_PASSWORD_PRIVATE_KEY } from "./ragflow-password-key";
import { DAY_MS, HOUR_MS } from "./time";

export type MailSettings = {
  host: string;
  port: number;
  secure: boolean;
  startTls: boolean;
  username: string;
  password: string;
  from: string;
};

export type AppConfig = {
  version: string;
  registerEnabled: boolean;
  // accounts one address may register per hour
  registrationsPerHour: number;
  allowPrivateFetch: boolean;
  sessionTtlMs: number;
  rememberSessionTtlMs: number;
  taskStallMs: number;
  // how long OCR of a document's scanned pages may take before the pages left are given up (named in the log)
  ocrBudgetMs: number;
  // wrangler dev: one process runs everything, and no Cloudflare edge stands in front (wrangler.toml)
  localStack: boolean;
  providerSecret: string;
  // PKCS#8 PEM that decrypts passwords RAGFlow's clients send encrypted; RAGFlow's published key unless replaced
  passwordPrivateKey: string;
  // null: no SMTP server configured, so nothing is mailed
  smtp: MailSettings | null;
  // the Cloudflare Workers plan the usage page compares against (contract/usage.ts)
  plan: "free" | "paid";
};

type ConfigVars = {
  APP_VERSION?: string;
  REGISTER_ENABLED?: string;
  REGISTRATIONS_PER_HOUR?: string;
  ALLOW_PRIVATE_FETCH?: string;
  SESSION_TTL_HOURS?: string;
  SESSION_REMEMBER_DAYS?: string;
  TASK_STALL_SECONDS?: string;
  OCR_BUDGET_SECONDS?: string;
  LOCAL_STACK?: string;
  PROVIDER_SECRET?: string;
  PASSWORD_RSA_PRIVATE_KEY?: string;
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_SECURE?: string;
  SMTP_STARTTLS?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  SMTP_FROM?: string;
  CF_PLAN?: string;
};

// Deployments set PROVIDER_SECRET with `wrangler secret put` (docs/deployment.md); `npm start` writes a random one
// into .dev.vars. There is no built-in fallback: a key sealed with a value published in the repository is not sealed.
const requiredSecret = (value: string | undefined) => {
  if (!value)
    throw new Error(
      "PROVIDER_SECRET is not set: run `npx wrangler secret put PROVIDER_SECRET` (docs/deployment.md), or start locally with `npm start`.",
    );
  return value;
};

const positiveNumber = (raw: string | undefined, fallback: number) => {
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const readConfig = (vars: ConfigVars): AppConfig => ({
  version: vars.APP_VERSION ?? "0.0.0",
  registerEnabled: vars.REGISTER_ENABLED !== "false",
  registrationsPerHour: positiveNumber(vars.REGISTRATIONS_PER_HOUR, 10),
  allowPrivateFetch: vars.ALLOW_PRIVATE_FETCH === "true",
  sessionTtlMs: positiveNumber(vars.SESSION_TTL_HOURS, 24) * HOUR_MS,
  rememberSessionTtlMs: positiveNumber(vars.SESSION_REMEMBER_DAYS, 30) * DAY_MS,
  taskStallMs: positiveNumber(vars.TASK_STALL_SECONDS, 120) * 1000,
  // 8 minutes leave the task time to embed and finish within a queue consumer's 15 minutes of wall time
  ocrBudgetMs: positiveNumber(vars.OCR_BUDGET_SECONDS, 480) * 1000,
  localStack: vars.LOCAL_STACK === "true",
  providerSecret: requiredSecret(vars.PROVIDER_SECRET),
  passwordPrivateKey: vars.PASSWORD_RSA_PRIVATE_KEY?.trim() || RAGFLOW_PASSWORD_PRIVATE_KEY,
  smtp: vars.SMTP_HOST
    ? {
        host: vars.SMTP_HOST,
        port: positiveNumber(vars.SMTP_PORT, 587),
        secure: vars.SMTP_SECURE === "true",
        startTls: vars.SMTP_STARTTLS !== "false",
        username: vars.SMTP_USER ?? "",
        password: vars.SMTP_PASSWORD ?? "",
        from: vars.SMTP_FROM || `Buddy <no-reply@${vars.SMTP_HOST}>`,
      }
    : null,
  plan: vars.CF_PLAN?.trim().toLowerCase() === "paid" ? "paid" : "free",
});
