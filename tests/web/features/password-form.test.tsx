import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LocaleForm } from "../../../web/features/settings/locale-form";
import { PasswordForm } from "../../../web/features/settings/password-form";
import { changeLanguage } from "../../../web/i18n";
import { renderWithProviders } from "../helpers/render";

const fill = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name=${name}]`) as HTMLInputElement, { target: { value } });

describe("PasswordForm", () => {
  it("shows the mismatch message and sends nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<PasswordForm />);
    fill("password", "current-password");
    fill("new_password", "new-password-1");
    fill("confirm_password", "new-password-2");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Die eingegebenen neuen Passwörter stimmen nicht überein!")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("explains the length rule in English", async () => {
    await changeLanguage("en");
    renderWithProviders(<PasswordForm />);
    fill("password", "current-password");
    fill("new_password", "short");
    fill("confirm_password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The password must be longer than 8 characters.")).toBeTruthy();
    await changeLanguage("de");
  });

  it("posts snake_case fields and reports a wrong current password on that field", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(
        new Response(JSON.stringify({ code: 109, message: "Password error!", data: null }), { status: 200 }),
      );
    renderWithProviders(<PasswordForm />);
    fill("password", "wrong-password");
    fill("new_password", "new-password-1");
    fill("confirm_password", "new-password-1");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Das aktuelle Passwort ist falsch.")).toBeTruthy();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/users/me/password");
    expect(JSON.parse(String(init.body))).toEqual({
      password: "wrong-password",
      new_password: "new-password-1",
      confirm_password: "new-password-1",
    });
  });
});

describe("language pickers", () => {
  it("offer only the languages with texts", () => {
    renderWithProviders(<LocaleForm />);
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
      "Deutsch",
      "English",
    ]);
  });
});
