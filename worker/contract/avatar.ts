import * as v from "valibot";
import { AVATAR_MAX_LENGTH } from "./limits";
import { msg } from "./pydantic";

// Avatars travel as data URLs (RAGFlow's rule and its messages).
export const AvatarSchema = v.pipe(
  v.string(),
  v.maxLength(AVATAR_MAX_LENGTH, msg.maxChars(AVATAR_MAX_LENGTH)),
  v.check((value) => value === "" || value.startsWith("data:"), "invalid MIME prefix format. Must start with 'data:'"),
  v.check(
    (value) => value === "" || value.includes(";base64,"),
    "missing MIME prefix. Expected format: data:<mime>;base64,<data>",
  ),
  v.check(
    (value) => value === "" || /^data:image\/(png|jpeg);base64,/.test(value),
    "Unsupported MIME type. Allowed: ['image/jpeg', 'image/png']",
  ),
);

// RAGFlow stores a chat's icon unchecked, and its SDK tests send bare base64 of a PNG or JPEG: that is taken as
// it comes (the first bytes say it is an image), anything else must be a data URL as above.
const BARE_IMAGE_BASE64 = /^(iVBORw0KGgo|\/9j\/)[A-Za-z0-9+/]*={0,2}$/;
export const ChatIconSchema = v.union([
  AvatarSchema,
  v.pipe(v.string(), v.maxLength(AVATAR_MAX_LENGTH), v.regex(BARE_IMAGE_BASE64)),
]);
