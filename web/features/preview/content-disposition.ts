const ENCODED_NAME = /filename\*\s*=\s*UTF-8''([^;]+)/i;
const PLAIN_NAME = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i;

// The file name of a download response: RFC 5987 `filename*=UTF-8''…` first, then a plain `filename=`.
export const fileNameFromDisposition = (header: string | null): string | undefined => {
  if (!header) return undefined;
  const encoded = header.match(ENCODED_NAME)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed escape falls through to the plain name
    }
  }
  const plain = header.match(PLAIN_NAME);
  return (plain?.[1] ?? plain?.[2])?.trim() || undefined;
};
