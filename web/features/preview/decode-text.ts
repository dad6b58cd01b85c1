export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

// partial: the bytes stop inside the file, so a character cut at the end is left out instead of failing UTF-8
export const decodeText = (bytes: Uint8Array, partial = false) => {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes, { stream: partial });
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes, { stream: partial });
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    // older Windows and Office exports are Latin-1, not UTF-8
    return new TextDecoder("windows-1252").decode(bytes);
  }
};

// The text of a file, at most its first megabyte.
export const readTextHead = async (blob: Blob) => {
  const truncated = blob.size > TEXT_PREVIEW_MAX_BYTES;
  const bytes = new Uint8Array(await blob.slice(0, TEXT_PREVIEW_MAX_BYTES).arrayBuffer());
  return { text: decodeText(bytes, truncated), truncated };
};
