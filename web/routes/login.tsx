import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { LoginPage } from "../features/auth/login-page";
import { getToken } from "../lib/auth-storage";

export const LoginSearchSchema = v.object({
  redirect: v.optional(v.string()),
  expired: v.optional(v.boolean()),
});

export const Route = createFileRoute("/login")({
  validateSearch: LoginSearchSchema,
  beforeLoad: ({ search }) => {
    if (getToken() && !search.expired) throw redirect({ to: "/knowledge" });
  },
  component: () => {
    const search = Route.useSearch();
    return <LoginPage redirectTo={search.redirect} expired={search.expired} />;
  },
});
