// C0 control characters and DEL: never part of a name or a password a person typed.
const isControlCharacter = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

export const hasControlCharacter = (text: string) => [...text].some(isControlCharacter);

// the text with each control character shown as �, fit for a message
export const printableName = (text: string) => [...text].map((ch) => (isControlCharacter(ch) ? "�" : ch)).join("");
