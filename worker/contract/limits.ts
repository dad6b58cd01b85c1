// Product limits shared by the web forms and the worker (architecture.md, "Limits").
export const PASSWORD_MIN_LENGTH = 9; // "longer than 8 characters"
export const PASSWORD_MAX_LENGTH = 256;
export const NICKNAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 255;
export const AVATAR_MAX_LENGTH = 65_535;
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const UPLOAD_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 128;
export const TAG_MAX_LENGTH = 128;
export const TAG_FEATURES_MAX = 32; // tags with a weight on one chunk (tag sets give topn_tags ≤ 10)
// RAGFlow limits some texts in UTF-8 bytes, not characters (an umlaut counts two)
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;
export const META_FIELDS_MAX_BYTES = 16 * 1024; // a document's metadata, as JSON: every list page carries it
export const fitsMetaFields = (fields: unknown) => utf8Length(JSON.stringify(fields)) <= META_FIELDS_MAX_BYTES;
export const FILE_NAME_MAX_BYTES = 255; // RAGFlow's FILE_NAME_LEN_LIMIT, for an uploaded file's name
export const FILE_NAME_TOO_LONG = `File name must be ${FILE_NAME_MAX_BYTES} bytes or less.`;
export const API_TOKEN_PREFIX = "ragflow-";
