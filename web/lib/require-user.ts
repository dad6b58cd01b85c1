import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import { meQueryOptions } from "../api/auth";
import { ApiError, ErrorCode } from "../api/client";
import { getToken } from "./auth-storage";

// Guard for every signed-in page: no token, or a token the server refuses, sends the user to /login.
export const requireUser = async (queryClient: QueryClient, href: string) => {
  if (!getToken()) throw redirect({ to: "/login", search: { redirect: href } });
  try {
    return await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.unauthorized) {
      throw redirect({ to: "/login", search: { redirect: href, expired: true } });
    }
    throw error;
  }
};
