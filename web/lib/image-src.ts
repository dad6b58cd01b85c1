// RAGFlow's API takes icons and avatars as bare base64 too (no `data:` prefix); an <img> needs a data URL.
const SIGNATURES: [prefix: string, type: string][] = [
  ["iVBOR", "image/png"],
  ["/9j/", "image/jpeg"],
  ["R0lG", "image/gif"],
  ["UklG", "image/webp"],
];

export const imageSrc = (value: string | null | undefined): string | undefined => {
  if (!value) return undefined;
  const type = SIGNATURES.find(([prefix]) => value.startsWith(prefix))?.[1];
  return type ? `data:${type};base64,${value}` : value;
};
