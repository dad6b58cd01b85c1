import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type Language } from "../../worker/contract/locale";
import { STORAGE_KEYS } from "../config";
import { withChunkTimeout } from "../lib/load-chunk";

export const DEFAULT_LANGUAGE: Language = "de";

// The languages the pickers offer: those with texts.
export const UI_LANGUAGES = ["de", "en"] as const satisfies readonly Language[];
type UiLanguage = (typeof UI_LANGUAGES)[number];

// Each language's texts are their own chunk, loaded when the language is chosen: a page carries only one.
const TEXTS: Record<UiLanguage, () => Promise<Record<string, unknown>>> = {
  de: () => import("./locales/de").then((module) => module.de),
  en: () => import("./locales/en").then((module) => module.en),
};

// German and English are complete; the API also stores RAGFlow's zh, zh-TW and vi, which fall back to German.
const textsFor = (language: string): UiLanguage =>
  (UI_LANGUAGES as readonly string[]).includes(language) ? (language as UiLanguage) : DEFAULT_LANGUAGE;

const loadTexts = async (language: string) => {
  const ui = textsFor(language);
  if (i18n.hasResourceBundle(ui, "translation")) return;
  i18n.addResourceBundle(ui, "translation", await withChunkTimeout(TEXTS[ui]));
};

const storedLanguage = (): string => {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return stored && (LANGUAGES as readonly string[]).includes(stored) ? stored : DEFAULT_LANGUAGE;
};

export const initI18n = async () => {
  const language = storedLanguage();
  const ui = textsFor(language);
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [ui]: { translation: await withChunkTimeout(TEXTS[ui]) } },
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  });
  // the choice is remembered, as the browser language detector did before
  i18n.on("languageChanged", (next) => localStorage.setItem(STORAGE_KEYS.language, next));
};

export const changeLanguage = async (language: Language) => {
  await loadTexts(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
};

export default i18n;
