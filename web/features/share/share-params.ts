// What a share link's URL carries: /chat/share?shared_id=…&auth=…&locale=…&theme=…&visible_avatar=…&question=…&data_<key>=…
export type ShareParams = {
  chatId: string;
  token: string;
  locale: "de" | "en" | null;
  theme: "light" | "dark" | null;
  visibleAvatar: boolean;
  question: string;
  // prompt-variable values given by the embedding site
  variables: Record<string, string>;
};

const DATA_PREFIX = "data_";

// Read from the raw query string: the router's JSON parsing would turn ids or values such as "42" into numbers.
export const parseShareParams = (search: string): ShareParams => {
  const query = new URLSearchParams(search);
  const locale = query.get("locale");
  const theme = query.get("theme");
  const variables: Record<string, string> = {};
  for (const [key, value] of query) {
    if (key.startsWith(DATA_PREFIX) && key.length > DATA_PREFIX.length)
      variables[key.slice(DATA_PREFIX.length)] = value;
  }
  return {
    chatId: query.get("shared_id") ?? "",
    token: query.get("auth") ?? "",
    locale: locale === "de" || locale === "en" ? locale : null,
    theme: theme === "light" || theme === "dark" ? theme : null,
    visibleAvatar: query.get("visible_avatar") !== "0",
    question: query.get("question")?.trim() ?? "",
    variables,
  };
};
