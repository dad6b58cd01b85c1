import { formatNumber } from "./format";

const UNITS = ["B", "KB", "MB", "GB"];

export const formatFileSize = (bytes: number) => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
};
