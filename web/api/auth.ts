import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ChangePasswordSchema,
  LoginSchema,
  RegisterSchema,
  UpdateProfileSchema,
  UserProfile,
} from "../../worker/contract/users";
import { clearSession, saveSession, saveUserInfo } from "../lib/auth-storage";
import { type Body, request, requestData } from "./client";

export const userKeys = {
  all: ["user"] as const,
  me: () => [...userKeys.all, "me"] as const,
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: async () => {
      const user = await requestData<UserProfile>("/users/me");
      saveUserInfo(user);
      return user;
    },
    staleTime: 60_000,
  });

type SignedIn = UserProfile & { access_token: string };

const storeSession = async ({ data, headers }: { data: SignedIn; headers: Headers }) => {
  saveSession(headers.get("Authorization") ?? data.access_token, data);
  return data;
};

export type LoginValues = Body<typeof LoginSchema>;
export type RegisterValues = Body<typeof RegisterSchema>;

export const useLoginMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginValues) => storeSession(await request<SignedIn>("/auth/login", { body: values })),
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
};

export const useRegisterMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: RegisterValues) => storeSession(await request<SignedIn>("/users", { body: values })),
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
};

export const useLogoutMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData<boolean>("/auth/logout", { method: "POST" }).catch(() => true),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
};

export const useUpdateProfileMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Omit<Body<typeof UpdateProfileSchema>, "email">) =>
      requestData<UserProfile>("/users/me", { method: "PATCH", body: changes }),
    onSuccess: (user) => {
      saveUserInfo(user);
      queryClient.setQueryData(userKeys.me(), user);
    },
  });
};

export const useChangePasswordMutation = () =>
  useMutation({
    mutationFn: (values: Body<typeof ChangePasswordSchema>) =>
      requestData<boolean>("/users/me/password", { body: values }),
  });
