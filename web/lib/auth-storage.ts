import type { UserProfile } from "../../worker/contract/users";
import { STORAGE_KEYS } from "../config";

export const getToken = () => localStorage.getItem(STORAGE_KEYS.token);

export const saveSession = (token: string, user: UserProfile) => {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
};

export const saveUserInfo = (user: UserProfile) =>
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));

export const clearSession = () => {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userInfo);
};

// The signed-in user's id from the stored profile ("" when signed out or unknown).
export const currentUserId = () => {
  try {
    return (JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? "null") as UserProfile | null)?.id ?? "";
  } catch {
    return "";
  }
};
