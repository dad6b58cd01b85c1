import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_next/dataset/")({
  beforeLoad: () => {
    throw redirect({ to: "/dataset/dataset" });
  },
});
