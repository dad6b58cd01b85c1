// Per-tab memory of the shared page (sessionStorage): survives reloads and the host site's page changes,
// forgotten with the tab. Blocked storage simply remembers nothing.
export const tabMemory = {
  get: (key: string) => {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // nothing to remember with
    }
  },
};
