import { createFileRoute, Outlet } from "@tanstack/react-router";

export const Route = createFileRoute("/_next/dataset")({ component: Outlet });
