import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type Language } from "../../worker/contract/locale";
import { STORAGE_KEYS } from "../config";
import { de } from "./locales/de";
import { en } from "./locales/en";

export const DEFAULT_LANGUAGE: Language = "de";

// German and English are complete; the API also stores RAGFlow's zh, zh-TW and vi, which fall back to German.
export const resources = { de: { translation: de }, en: { translation: en } };

// The languages the pickers offer: those with texts.
export const UI_LANGUAGES = ["de", "en"] as const satisfies readonly Language[];

export const initI18n = () =>
  i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      detection: {
        order: ["localStorage"],
        lookupLocalStorage: STORAGE_KEYS.language,
        caches: ["localStorage"],
      },
    });

export const changeLanguage = async (language: Language) => {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
};

export default i18n;
