import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppShell } from "../features/layout/app-shell";
import { requireUser } from "../lib/require-user";

export const Route = createFileRoute("/_app")({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: () => (
    <AppShell routeSet="classic">
      <Outlet />
    </AppShell>
  ),
});
