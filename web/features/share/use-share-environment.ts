import { useEffect } from "react";
import { STORAGE_KEYS } from "../../config";
import i18n, { changeLanguage } from "../../i18n";

const readStored = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const restoreStored = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked (a sandboxed embed): nothing was stored either
  }
};

// The shared page speaks the link's language. i18next would also remember it as the app's language, which
// would change the owner's own Buddy tab (same origin, e.g. the preview): the stored choice is put back.
export const useShareLanguage = (language: "de" | "en" | null) => {
  useEffect(() => {
    if (!language || i18n.language === language) return;
    const stored = readStored(STORAGE_KEYS.language);
    void changeLanguage(language).then(() => restoreStored(STORAGE_KEYS.language, stored));
  }, [language]);
};

// The link's theme wins over the stored one without being stored: next-themes would share it with every Buddy
// tab through localStorage. The observer puts the class back should next-themes apply the stored theme later.
export const useForcedColorMode = (mode: "light" | "dark" | null) => {
  useEffect(() => {
    if (!mode) return;
    const root = document.documentElement;
    const other = mode === "dark" ? "light" : "dark";
    const apply = () => {
      if (root.classList.contains(mode) && !root.classList.contains(other)) return;
      root.classList.remove(other);
      root.classList.add(mode);
      root.style.colorScheme = mode;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, [mode]);
};
