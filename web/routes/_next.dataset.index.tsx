import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_next/dataset/")({
  beforeLoad: ({ search }) => {
    const { id } = search as { id?: string };
    throw id ? redirect({ to: "/dataset/dataset", search: { id } }) : redirect({ to: "/datasets" });
  },
});
