import * as v from "valibot";
import { AvatarSchema } from "./avatar";
import { COMMON_PASSWORDS } from "./common-passwords";
import { hasControlCharacter } from "./control-characters";
import { EMAIL_MAX_LENGTH, NICKNAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { COLOR_SCHEMAS, LANGUAGES, TimeZoneSchema } from "./locale";

export const PASSWORD_MISMATCH_MESSAGE = "The new password that you entered do not match!";

export const EmailSchema = v.pipe(
  v.string("Email is required"),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("Email is required"),
  v.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`),
  v.email("Invalid email address"),
);

export const PASSWORD_RULES = {
  control: "Password must not contain control characters",
  blank: "Password must not consist of spaces only",
  common: "Password is one of the most common passwords; choose another",
  email: "Password must not be the email address",
} as const;

export const NewPasswordSchema = v.pipe(
  v.string("Password is required"),
  v.minLength(PASSWORD_MIN_LENGTH, "Password must be longer than 8 characters"),
  v.maxLength(256, "Password must be at most 256 characters"),
  v.check((password) => !hasControlCharacter(password), PASSWORD_RULES.control),
  v.check((password) => password.trim() !== "", PASSWORD_RULES.blank),
  v.check((password) => !COMMON_PASSWORDS.has(password.toLowerCase()), PASSWORD_RULES.common),
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
      (input) => !isEmailAsPassword(input.password, input.email),
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

export const UpdateProfileSchema = v.strictObject({
  nickname: v.optional(NicknameSchema),
  avatar: v.optional(AvatarSchema),
  language: v.optional(v.picklist(LANGUAGES, "Unsupported language")),
  color_schema: v.optional(v.picklist(COLOR_SCHEMAS, "Input should be 'Bright' or 'Dark'")),
  timezone: v.optional(TimeZoneSchema),
  email: v.optional(v.never("Email can't be changed after registration")),
});
export type UpdateProfileInput = v.InferOutput<typeof UpdateProfileSchema>;

export const ChangePasswordSchema = v.pipe(
  v.object({
    password: v.pipe(v.string("Current password is required"), v.nonEmpty("Current password is required")),
    new_password: NewPasswordSchema,
    confirm_password: v.string("Please confirm the new password"),
  }),
  v.forward(
    v.partialCheck(
      [["new_password"], ["confirm_password"]],
      (input) => input.new_password === input.confirm_password,
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
