// C0 control characters and DEL: never part of a name or a password a person typed.
export const isControlCharacter = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

export const hasControlCharacter = (text: string) => [...text].some(isControlCharacter);
