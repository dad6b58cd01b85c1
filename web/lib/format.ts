import i18n from "../i18n";

const localeOf = () => (i18n.language === "en" ? "en-GB" : i18n.language || "de");

// Thousands separator and two decimals unless told otherwise, as every figure in the product shows.
export const formatNumber = (value: number, decimals = 2) =>
  new Intl.NumberFormat(localeOf(), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);

export const formatCount = (value: number) => formatNumber(value, 0);

// A calendar day ("2026-11-25", as the API names days) in the interface language, read as that UTC day.
export const formatDay = (isoDay: string) => {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? isoDay
    : new Intl.DateTimeFormat(localeOf(), { dateStyle: "medium", timeZone: "UTC" }).format(date);
};

export const formatDateTime = (ms: number | null | undefined) =>
  ms ? new Intl.DateTimeFormat(localeOf(), { dateStyle: "medium", timeStyle: "short" }).format(ms) : "";
