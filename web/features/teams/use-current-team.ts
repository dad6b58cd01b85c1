import { useSyncExternalStore } from "react";
import { currentUserId, getCurrentTeam, onTeamChange, setCurrentTeam } from "../../lib/auth-storage";

// The team every list is scoped to (the user's own unless another is chosen), and a way to change it.
export const useCurrentTeam = () => {
  const chosen = useSyncExternalStore(onTeamChange, getCurrentTeam, () => null);
  const ownId = currentUserId();
  const switchTo = (tenantId: string) => setCurrentTeam(tenantId === ownId ? null : tenantId);
  return { teamId: chosen ?? ownId, ownId, switchTo };
};
