import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginPage } from "../features/auth/login-page";
import { getToken } from "../lib/auth-storage";

// The new-style sign-in page shares the classic one's form.
export const Route = createFileRoute("/login-next")({
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: "/home" });
  },
  component: () => <LoginPage redirectTo="/home" />,
});
