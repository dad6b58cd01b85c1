import * as v from "valibot";
import { AvatarSchema } from "./avatar";
import { COMMON_PASSWORDS } from "./common-passwords";
import { hasControlCharacter } from "./control-characters";
import { EMAIL_MAX_LENGTH, NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { COLOR_SCHEMAS, LANGUAGES, TimeZoneSchema } from "./locale";
import { PASSWORD_RULES } from "./password-rules";

export const PASSWORD_MISMATCH_MESSAGE = "The new password that you entered do not match!";

export const EmailSchema = v.pipe(
  v.string("Email is required"),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("Email is required"),
  v.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`),
  v.email("Invalid email address"),
);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

// RAGFlow's clients send a password RSA-encrypted and base64-encoded (344 characters for its 2048-bit key), longer
// than any plain password may be, so the form alone tells the two apart; line breaks inside do not count. The worker
// decrypts it (docs/decisions/009-ragflow-encrypted-passwords.md).
export const isEncryptedPasswordForm = (value: string) => {
  const compact = value.replace(/\s+/g, "");
  return compact.length > PASSWORD_MAX_LENGTH && compact.length % 4 === 0 && BASE64.test(compact);
};

// Not a failed check but a schema of its own, so that a plain password that fails its rules reports those rules.
const EncryptedPasswordSchema = v.pipe(
  v.custom<string>((input) => typeof input === "string" && isEncryptedPasswordForm(input), "Password is required"),
  v.metadata({
    type: "string",
    minLength: PASSWORD_MAX_LENGTH + 1,
    description:
      "RAGFlow's form: base64 of the RSA-encrypted (PKCS#1 v1.5) base64 of the password, line breaks allowed",
  }),
);

// The rules hold for a password typed into Buddy; an encrypted one is the RAGFlow client's choice (it is only
// held to the length limit once decrypted).
export const NewPasswordSchema = v.union(
  [
    EncryptedPasswordSchema,
    v.pipe(
      v.string("Password is required"),
      v.minLength(PASSWORD_MIN_LENGTH, "Password must be longer than 8 characters"),
      v.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
      v.check((password) => !hasControlCharacter(password), PASSWORD_RULES.control),
      v.check((password) => password.trim() !== "", PASSWORD_RULES.blank),
      v.check((password) => !COMMON_PASSWORDS.has(password.toLowerCase()), PASSWORD_RULES.common),
    ),
  ],
  "Password is required",
);

// The password may not be the address it signs in with (compared without case and surrounding spaces).
export const isEmailAsPassword = (password: string, email: string) =>
  password.trim().toLowerCase() === email.trim().toLowerCase();

export const NicknameSchema = v.pipe(
  v.string("Nickname is required"),
  v.trim(),
  v.nonEmpty("Nickname is required"),
  v.maxLength(NICKNAME_MAX_LENGTH, `Nickname must be at most ${NICKNAME_MAX_LENGTH} characters`),
);

export const RegisterSchema = v.pipe(
  v.object({
    email: EmailSchema,
    nickname: NicknameSchema,
    password: NewPasswordSchema,
  }),
  v.forward(
    v.partialCheck(
      [["email"], ["password"]],
      (input) => isEncryptedPasswordForm(input.password) || !isEmailAsPassword(input.password, input.email),
      PASSWORD_RULES.email,
    ),
    ["password"],
  ),
);
export type RegisterInput = v.InferOutput<typeof RegisterSchema>;

export const LoginSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string("Password is required"), v.nonEmpty("Password is required")),
  remember: v.optional(v.boolean(), false),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

const CurrentPasswordSchema = v.pipe(
  v.string("Current password is required"),
  v.nonEmpty("Current password is required"),
);

// RAGFlow v0.27 changes the password here too: `password` (the current one) with `new_password`.
export const UpdateProfileSchema = v.pipe(
  v.strictObject({
    nickname: v.optional(NicknameSchema),
    avatar: v.optional(AvatarSchema),
    language: v.optional(v.picklist(LANGUAGES, "Unsupported language")),
    color_schema: v.optional(v.picklist(COLOR_SCHEMAS, "Input should be 'Bright' or 'Dark'")),
    timezone: v.optional(TimeZoneSchema),
    email: v.optional(v.never("Email can't be changed after registration")),
    password: v.optional(CurrentPasswordSchema),
    new_password: v.optional(NewPasswordSchema),
  }),
  v.forward(
    v.partialCheck(
      [["password"], ["new_password"]],
      (input) => (input.password === undefined) === (input.new_password === undefined),
      "new_password and password (the current one) must be given together",
    ),
    ["new_password"],
  ),
);
export type UpdateProfileInput = v.InferOutput<typeof UpdateProfileSchema>;

export const ChangePasswordSchema = v.pipe(
  v.object({
    password: CurrentPasswordSchema,
    new_password: NewPasswordSchema,
    confirm_password: v.string("Please confirm the new password"),
  }),
  v.forward(
    v.partialCheck(
      [["new_password"], ["confirm_password"]],
      // two encryptions of one password differ: the worker compares them once decrypted
      (input) =>
        isEncryptedPasswordForm(input.new_password) ||
        isEncryptedPasswordForm(input.confirm_password) ||
        input.new_password === input.confirm_password,
      PASSWORD_MISMATCH_MESSAGE,
    ),
    ["confirm_password"],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

// What GET /users/me returns (snake_case on the wire, as RAGFlow).
export type UserProfile = {
  id: string;
  email: string;
  nickname: string;
  avatar: string | null;
  language: (typeof LANGUAGES)[number];
  color_schema: (typeof COLOR_SCHEMAS)[number];
  timezone: string;
  is_active: boolean;
  last_login_time: number | null;
  tenant_id: string;
  create_time: number;
  create_date: string;
  update_time: number;
  update_date: string;
};
