import { describe, expect, it } from "vitest";
import { ChangePasswordSchema, LoginSchema, RegisterSchema, UpdateProfileSchema } from "../../../worker/contract/users";
import { validateForm } from "../../../web/lib/form-errors";

describe("validateForm with the shared contract schemas", () => {
  it("maps each failed rule to a translation key", () => {
    const { errors } = validateForm(RegisterSchema, { email: "nope", nickname: " ", password: "12345678" });
    expect(errors).toEqual({
      email: "validation.email",
      nickname: "validation.required",
      password: "validation.passwordLength",
    });
  });

  it("reports a password confirmation mismatch on the confirmation field", () => {
    const { errors } = validateForm(ChangePasswordSchema, {
      password: "old-password",
      new_password: "new-password-1",
      confirm_password: "new-password-2",
    });
    expect(errors).toEqual({ confirm_password: "validation.passwordMismatch" });
  });

  it("flags an unknown timezone", () => {
    expect(validateForm(UpdateProfileSchema, { timezone: "Nowhere/Land" }).errors).toEqual({
      timezone: "validation.timezone",
    });
  });

  it("returns the parsed output when valid", () => {
    const { output, errors } = validateForm(LoginSchema, { email: " Ada@Example.ORG ", password: "x" });
    expect(errors).toBeNull();
    expect(output).toEqual({ email: "ada@example.org", password: "x", remember: false });
  });
});
