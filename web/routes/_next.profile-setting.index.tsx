import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_next/profile-setting/")({
  beforeLoad: () => {
    throw redirect({ to: "/profile-setting/profile" });
  },
});
