// The objects the local S3 server (tests/helpers/servers/s3-server.ts) starts with; tests assert against them.
export type SeedObject = { key: string; contentType: string; body: Uint8Array };

export const S3_REGION = "us-east-1";

const text = (value: string) => new TextEncoder().encode(value);

// a real 1×1 PNG
const LOGO_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

const LARGE_TEXT = Array.from(
  { length: 2000 },
  (_, i) => `Zeile ${i + 1}: Händehygiene schützt Patientinnen und Patienten.\n`,
).join("");

export const S3_SEED: SeedObject[] = [
  { key: "welcome.txt", contentType: "text/plain", body: text("Willkommen im Testbucket.") },
  { key: "docs/readme.md", contentType: "text/markdown", body: text("# Readme\n\nPflegehinweise für das Team.\n") },
  {
    key: "docs/guide.txt",
    contentType: "text/plain; charset=utf-8",
    body: text("Leitfaden: Impfungen & Vorsorge <2026>."),
  },
  { key: "docs/sub/notes.md", contentType: "text/markdown", body: text("Notizen zur Übergabe.") },
  // a key that needs per-segment URL encoding ("#" would end the path) and XML escaping
  { key: "docs/Über uns & mehr #1.md", contentType: "text/markdown", body: text("Über uns") },
  { key: "images/logo.png", contentType: "image/png", body: LOGO_PNG },
  { key: "reports/large.txt", contentType: "text/plain", body: text(LARGE_TEXT) },
];
