import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/user-setting/")({
  beforeLoad: () => {
    throw redirect({ to: "/user-setting/profile" });
  },
});
