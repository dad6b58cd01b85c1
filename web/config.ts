// The one place to re-brand Buddy: the primary colour is a Chakra palette name.
export const BRAND = {
  name: "Buddy",
  primaryPalette: "teal",
  font: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', sans-serif",
} as const;

export const STORAGE_KEYS = {
  token: "token",
  userInfo: "userInfo",
  theme: "vite-ui-theme",
  language: "lng",
  team: "currentTeam",
} as const;

// Code loaded on demand (the file viewers' pdf.js, SheetJS, mammoth and Papa Parse) is given up after this long.
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
