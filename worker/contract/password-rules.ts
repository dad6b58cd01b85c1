// The texts of the password rules beyond length, apart from the schema so the SPA can map them to its own
// messages without loading the common-password list.
export const PASSWORD_RULES = {
  control: "Password must not contain control characters",
  blank: "Password must not consist of spaces only",
  common: "Password is one of the most common passwords; choose another",
  email: "Password must not be the email address",
} as const;
