import "@fontsource-variable/inter";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { onUnauthorized } from "./api/client";
import { onTeamChange } from "./lib/auth-storage";
import { syncDocumentTitle } from "./lib/document-title";
import { ChunkLoadError } from "./lib/load-chunk";
import { Provider } from "./components/ui/provider";
import { Toaster } from "./components/ui/toaster";
import { initI18n } from "./i18n";
import { createAppRouter, createQueryClient, emitRouteChanges } from "./router";

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
emitRouteChanges(router);
syncDocumentTitle(router);

onUnauthorized(() => {
  queryClient.clear();
  const { pathname, href } = router.state.location;
  if (pathname !== "/login" && !pathname.startsWith("/chat/share")) {
    void router.navigate({ to: "/login", search: { redirect: href, expired: true } });
  }
});

// Another team chosen (or the current one left): every list is fetched again for it.
onTeamChange(() => void queryClient.resetQueries());

// A deploy can remove the chunks an open tab still points at: reload once to pick up the new build. A chunk
// that timed out is not missing: the page says so and offers the reload.
window.addEventListener("vite:preloadError", (event) => {
  if ((event as Event & { payload?: unknown }).payload instanceof ChunkLoadError) return;
  if (!sessionStorage.getItem("buddy:reloaded")) {
    sessionStorage.setItem("buddy:reloaded", "1");
    event.preventDefault();
    window.location.reload();
  }
});

// Errors an error boundary shows are logged, except a chunk that timed out: the page explains that one.
const onCaughtError = (error: unknown, info: { componentStack?: string }) => {
  if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
};

// Not a top-level await: a chunk that imports from the entry's chunk (the language's texts do) would wait for
// it for ever.
void initI18n().then(() =>
  createRoot(document.getElementById("root") as HTMLElement, { onCaughtError }).render(
    <StrictMode>
      <Provider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </Provider>
    </StrictMode>,
  ),
);
