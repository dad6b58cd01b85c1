import type { UserProfile } from "../../worker/contract/users";
import { STORAGE_KEYS } from "../config";

export const getToken = () => localStorage.getItem(STORAGE_KEYS.token);

export const saveSession = (token: string, user: UserProfile) => {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
};

export const saveUserInfo = (user: UserProfile) => localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));

export const clearSession = () => {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userInfo);
  localStorage.removeItem(STORAGE_KEYS.team);
};

// The team the app works in; none means the user's own.
export const getCurrentTeam = () => localStorage.getItem(STORAGE_KEYS.team);

const TEAM_EVENT = "buddy:team";

// `quietly`: the caller repeats its own request; resetting every query then would cancel the one in flight.
export const setCurrentTeam = (tenantId: string | null, { quietly = false } = {}) => {
  if (tenantId) localStorage.setItem(STORAGE_KEYS.team, tenantId);
  else localStorage.removeItem(STORAGE_KEYS.team);
  if (!quietly) window.dispatchEvent(new Event(TEAM_EVENT));
};

export const onTeamChange = (listener: () => void) => {
  window.addEventListener(TEAM_EVENT, listener);
  return () => window.removeEventListener(TEAM_EVENT, listener);
};

export const TEAM_HEADER = "X-Tenant-Id";

// What every API request carries: the session and, inside a joined team, that team.
export const authHeaders = (): Record<string, string> => {
  const token = getToken();
  const team = getCurrentTeam();
  return { ...(token ? { Authorization: token } : {}), ...(team ? { [TEAM_HEADER]: team } : {}) };
};

// The signed-in user's id from the stored profile ("" when signed out or unknown).
export const currentUserId = () => {
  try {
    return (JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? "null") as UserProfile | null)?.id ?? "";
  } catch {
    return "";
  }
};
