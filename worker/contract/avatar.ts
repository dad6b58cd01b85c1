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
