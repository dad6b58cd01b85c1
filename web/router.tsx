import { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { ApiError, ErrorCode } from "./api/client";
import { NotFound } from "./components/not-found";
import { PageLoader } from "./components/page-loader";
import { RouteError } from "./components/route-error";
import { routeTree } from "./routeTree.gen";

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.code !== ErrorCode.network),
        refetchOnWindowFocus: false,
      },
    },
  });

export const createAppRouter = (queryClient: QueryClient) =>
  createRouter({
    routeTree,
    context: { queryClient },
    // the spec: no link prefetch by default (50 ms delay where a link opts in); loaders always ask the
    // query cache, which has its own staleness
    defaultPreload: false,
    defaultPreloadDelay: 50,
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    // an unknown address shows the not-found page on its own, never inside the layout of a section it starts with
    notFoundMode: "root",
    scrollRestoration: true,
  });

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

export const ROUTE_CHANGE_EVENT = "buddy:route-change";

// Other parts of the page (analytics, embeds) can listen for route changes.
export const emitRouteChanges = (router: ReturnType<typeof createAppRouter>) =>
  router.subscribe("onResolved", ({ toLocation, fromLocation }) => {
    window.dispatchEvent(
      new CustomEvent(ROUTE_CHANGE_EVENT, { detail: { to: toLocation.href, from: fromLocation?.href } }),
    );
  });
