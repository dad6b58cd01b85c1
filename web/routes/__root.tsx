import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AppSplash } from "../components/app-splash";
import { loadAllRecipes } from "../theme";

const Root = () => {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return <Outlet />;
};

// The sign-in page renders with the few component styles it uses; every other page gets them all first.
const FIRST_PAGE_ONLY = new Set(["/login", "/login-next"]);

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: ({ location }) => (FIRST_PAGE_ONLY.has(location.pathname) ? undefined : loadAllRecipes()),
  component: Root,
  pendingComponent: AppSplash,
  pendingMs: 0,
  pendingMinMs: 0,
});
