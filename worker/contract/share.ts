import * as v from "valibot";
import { int, msg } from "./pydantic";

export const SHARE_TOKEN_PREFIX = "share-";
export const MAX_ALLOWED_ORIGINS = 20;
export const RATE_PER_MINUTE_MAX = 600;
export const DAILY_CAP_MAX = 100_000;
export const DEFAULT_RATE_PER_MINUTE = 20;
export const DEFAULT_DAILY_CAP = 500;

const ORIGIN = /^https?:\/\/[^/\s?#]+$/;

const origins = v.pipe(
  v.array(
    v.pipe(
      v.string(msg.string),
      v.trim(),
      v.regex(ORIGIN, "An allowed origin looks like https://www.example.org (scheme and host, no path)."),
    ),
    msg.list,
  ),
  v.maxLength(MAX_ALLOWED_ORIGINS, `At most ${MAX_ALLOWED_ORIGINS} allowed origins.`),
);

export const ShareTokenSchema = v.object({
  name: v.optional(v.pipe(v.string(msg.string), v.trim(), v.maxLength(100, msg.maxChars(100))), ""),
  allowed_origins: v.optional(origins, []),
  rate_per_minute: v.optional(int(1, RATE_PER_MINUTE_MAX), DEFAULT_RATE_PER_MINUTE),
  daily_cap: v.optional(int(1, DAILY_CAP_MAX), DEFAULT_DAILY_CAP),
});
export type ShareTokenInput = v.InferOutput<typeof ShareTokenSchema>;

export const UpdateShareTokenSchema = v.object({
  name: v.optional(v.pipe(v.string(msg.string), v.trim(), v.maxLength(100, msg.maxChars(100)))),
  allowed_origins: v.optional(origins),
  rate_per_minute: v.optional(int(1, RATE_PER_MINUTE_MAX)),
  daily_cap: v.optional(int(1, DAILY_CAP_MAX)),
});
export type UpdateShareTokenInput = v.InferOutput<typeof UpdateShareTokenSchema>;

// A visitor of a shared chat names itself with a random id kept in its browser; its sessions are its own.
export const VisitorSchema = v.pipe(
  v.string("`visitor_id` is required."),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, "`visitor_id` must be 16–64 letters, digits, _ or -."),
);

export type ShareToken = {
  id: string;
  token: string;
  name: string;
  target_type: "chat" | "agent" | "search";
  target_id: string;
  allowed_origins: string[];
  rate_per_minute: number;
  daily_cap: number;
  used_today: number;
  create_time: number;
  last_used_at: number | null;
};

// What a shared page may know about the assistant: how it looks and greets, nothing of its configuration.
export type SharedChatInfo = {
  id: string;
  name: string;
  icon: string | null;
  description: string | null;
  language: "German" | "English";
  prologue: string;
  suggested_questions: boolean;
  quote: boolean;
  tts: boolean;
  // the images of cited image chunks are shown under answers
  show_images: boolean;
  stt: boolean;
  variables: { key: string; optional: boolean }[];
  design: Record<string, string | boolean>;
};
