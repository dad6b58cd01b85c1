import * as v from "valibot";
import { AVATAR_MAX_LENGTH } from "./limits";

// Avatars travel as data URLs (RAGFlow's rule and its messages).
export const AvatarSchema = v.pipe(
  v.string(),
  v.maxLength(AVATAR_MAX_LENGTH, `Avatar must be at most ${AVATAR_MAX_LENGTH} characters`),
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
