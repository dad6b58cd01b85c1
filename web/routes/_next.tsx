import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppShell } from "../features/layout/app-shell";
import { requireUser } from "../lib/require-user";

// New-style pages: their own route set (the spec keeps them outside the classic wrapper), the same shell.
export const Route = createFileRoute("/_next")({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: () => (
    <AppShell routeSet="next">
      <Outlet />
    </AppShell>
  ),
});
