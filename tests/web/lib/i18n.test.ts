import { describe, expect, it } from "vitest";
import i18n, { changeLanguage } from "../../../web/i18n";
import { de } from "../../../web/i18n/locales/de";
import { en } from "../../../web/i18n/locales/en";

const keysOf = (value: object, prefix = ""): string[] =>
  Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === "string" ? [`${prefix}${key}`] : keysOf(inner, `${prefix}${key}.`),
  );

describe("i18n", () => {
  it("starts in German and remembers the choice in localStorage", async () => {
    expect(i18n.t("nav.knowledgeBase")).toBe("Wissensdatenbank");
    await changeLanguage("en");
    expect(i18n.t("nav.knowledgeBase")).toBe("Knowledge Base");
    expect(localStorage.getItem("lng")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    await changeLanguage("de");
  });

  it("falls back to German for listed languages without strings", async () => {
    await changeLanguage("vi");
    expect(i18n.t("nav.logout")).toBe("Abmelden");
    expect(i18n.t("languages.vi")).toBe("Tiếng Việt");
    await changeLanguage("de");
  });

  it("has every German key in English and no empty strings", () => {
    expect(keysOf(en).toSorted()).toEqual(keysOf(de).toSorted());
    for (const key of keysOf(en)) expect(i18n.getFixedT("en")(key as never)).not.toBe("");
  });
});
