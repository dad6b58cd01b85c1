import { describe, expect, it } from "vitest";
import { ApiError, ErrorCode } from "../../../web/api/client";
import { errorMessage } from "../../../web/components/notify";
import { changeLanguage } from "../../../web/i18n";

describe("error messages", () => {
  it("shows a server message the catalogue knows in the user's language, any other as the server wrote it", async () => {
    expect(errorMessage(new ApiError(ErrorCode.data, "Duplicated search name.", 200))).toBe(
      "Es gibt bereits eine Suche mit diesem Namen.",
    );
    expect(errorMessage(new ApiError(ErrorCode.data, "The chat doesn't exist", 200))).toBe("Dialog nicht gefunden.");
    expect(errorMessage(new ApiError(ErrorCode.data, "Dataset name 'Leitlinien' already exists", 200))).toBe(
      "Es gibt bereits eine Wissensdatenbank namens „Leitlinien“.",
    );
    expect(errorMessage(new ApiError(ErrorCode.data, "You don't own the dataset 0123.", 200))).toBe(
      "Darauf haben Sie keinen Zugriff.",
    );
    expect(errorMessage(new ApiError(ErrorCode.data, "Miss parameter: knowledge", 200))).toBe(
      "Miss parameter: knowledge",
    );
    await changeLanguage("en");
    expect(errorMessage(new ApiError(ErrorCode.data, "The chat doesn't exist", 200))).toBe("Dialog not found.");
    expect(errorMessage(new ApiError(ErrorCode.data, "Agent with title Berater already exists.", 200))).toBe(
      "A Buddy named “Berater” already exists.",
    );
    await changeLanguage("de");
  });

  it("names the status from the error catalogue when the answer had no envelope", async () => {
    expect(errorMessage(new ApiError(413, "Payload Too Large", 413, false))).toBe(
      "Die hochgeladene Gesamtgröße ist zu groß.",
    );
    expect(errorMessage(new ApiError(404, "Not Found", 404, false))).toBe("Der Datensatz existiert nicht.");
    await changeLanguage("en");
    expect(errorMessage(new ApiError(410, "Gone", 410, false))).toBe("The record was permanently deleted.");
    await changeLanguage("de");
  });

  it("reads server errors, gateway errors and a lost connection in the user's words", async () => {
    expect(errorMessage(new ApiError(500, "boom", 500))).toBe("Serverfehler. Bitte versuchen Sie es später erneut.");
    expect(errorMessage(new ApiError(503, "", 503, false))).toMatch(/nicht verfügbar oder überlastet/);
    expect(errorMessage(new ApiError(504, "", 504, false))).toMatch(/Gateway-Zeitüberschreitung/);
    expect(errorMessage(new ApiError(ErrorCode.network, "network", 0))).toMatch(/Server ist nicht erreichbar/);
    await changeLanguage("en");
    expect(errorMessage(new ApiError(502, "Bad Gateway", 502, false))).toBe("Gateway error. Please try again later.");
    await changeLanguage("de");
  });

  it("falls back to the generic request error for anything else", () => {
    expect(errorMessage(new Error("x"))).toBe("Anfragefehler");
    expect(errorMessage(new ApiError(418, "", 418, false))).toBe("Anfragefehler");
  });
});
