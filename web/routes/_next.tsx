import { createFileRoute, Outlet } from "@tanstack/react-router";
import { NextLayout } from "../features/layout/next-layout";
import { requireUser } from "../lib/require-user";

// New-style pages: signed in, but outside the classic header layout.
export const Route = createFileRoute("/_next")({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: () => (
    <NextLayout>
      <Outlet />
    </NextLayout>
  ),
});
