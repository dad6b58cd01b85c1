import * as v from "valibot";

export const LANGUAGES = ["de", "en", "zh", "zh-TW", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];

export const COLOR_SCHEMAS = ["Bright", "Dark"] as const;
export type ColorSchema = (typeof COLOR_SCHEMAS)[number];

export const isTimeZone = (value: string): boolean => {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
};

export const TimeZoneSchema = v.pipe(
  v.string(),
  v.nonEmpty("Timezone is required"),
  v.check(isTimeZone, "Unknown timezone"),
);
