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

// RAGFlow v0.27 stores a chat's icon as sent (its SDK tests send bare base64, its REST tests any string): any text up
// to the avatar limit. The page's Content-Security-Policy keeps an icon from loading anything but Buddy's own images.
export const ChatIconSchema = v.pipe(
  v.string(msg.string),
  v.maxLength(AVATAR_MAX_LENGTH, msg.maxChars(AVATAR_MAX_LENGTH)),
);
