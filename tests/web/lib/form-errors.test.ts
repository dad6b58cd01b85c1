import { describe, expect, it } from "vitest";
import { ChangePasswordSchema, LoginSchema, RegisterSchema, UpdateProfileSchema } from "../../../worker/contract/users";
import * as v from "valibot";
import { validateForm } from "../../../web/lib/form-errors";
import { CreateDatasetSchema, DATASET_NAME_MAX } from "../../../worker/contract/datasets";

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

  it("calls an empty name required and names the limit of a long one or of a list", () => {
    expect(validateForm(CreateDatasetSchema, { name: "  " }).errors).toEqual({ name: "validation.required" });
    expect(validateForm(CreateDatasetSchema, { name: "x".repeat(DATASET_NAME_MAX + 1) }).errors).toEqual({
      name: { key: "validation.tooLong", values: { max: DATASET_NAME_MAX } },
    });
    const list = v.object({ ids: v.pipe(v.array(v.string()), v.minLength(2), v.maxLength(3)) });
    expect(validateForm(list, { ids: ["a"] }).errors).toEqual({
      ids: { key: "validation.tooFew", values: { min: 2 } },
    });
    expect(validateForm(list, { ids: ["a", "b", "c", "d"] }).errors).toEqual({
      ids: { key: "validation.tooMany", values: { max: 3 } },
    });
    const code = v.object({ code: v.pipe(v.string(), v.minLength(4)) });
    expect(validateForm(code, { code: "ab" }).errors).toEqual({
      code: { key: "validation.tooShort", values: { min: 4 } },
    });
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
