import type { AnyRouter } from "@tanstack/react-router";
import { BRAND } from "../config";
import i18n from "../i18n";
import type { de } from "../i18n/locales/de";

export type PageTitleKey = keyof typeof de.pages;

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    // the page's name in the browser tab (pages.*), from the deepest route that has one
    titleKey?: PageTitleKey;
    // the page writes the tab title itself (the shared chat: its assistant's name)
    ownTitle?: boolean;
  }
}

// The tab reads "<page> – Buddy" in the interface language, following route changes and language switches.
export const syncDocumentTitle = (router: AnyRouter) => {
  const update = () => {
    const matches = router.state.matches.toReversed();
    if (matches.some((match) => match.staticData?.ownTitle)) return;
    const key = matches.find((match) => match.staticData?.titleKey)?.staticData.titleKey;
    document.title = key ? `${i18n.t(`pages.${key}`)} – ${BRAND.name}` : BRAND.name;
  };
  update();
  router.subscribe("onResolved", update);
  i18n.on("languageChanged", update);
};
