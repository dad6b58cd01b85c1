import i18n from "../i18n";

const localeOf = () => (i18n.language === "en" ? "en-GB" : i18n.language || "de");

// Thousands separator and two decimals unless told otherwise (spec §9).
export const formatNumber = (value: number, decimals = 2) =>
  new Intl.NumberFormat(localeOf(), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);

export const formatCount = (value: number) => formatNumber(value, 0);

export const formatDateTime = (ms: number | null | undefined) =>
  ms ? new Intl.DateTimeFormat(localeOf(), { dateStyle: "medium", timeStyle: "short" }).format(ms) : "";
