// A small robots.txt reader: the Disallow/Allow rules of the group for "*" (or our agent), longest match wins.
export type RobotsRules = { allows(path: string): boolean };

export const parseRobots = (text: string, agent = "buddy"): RobotsRules => {
  const rules: { allow: boolean; path: string }[] = [];
  let applies = false;
  let inRules = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const [rawKey, ...rest] = line.split(":");
    if (!rawKey || rest.length === 0) continue;
    const key = rawKey.trim().toLowerCase();
    const value = rest.join(":").trim();
    if (key === "user-agent") {
      if (inRules) applies = false;
      inRules = false;
      applies ||= value === "*" || value.toLowerCase() === agent;
    } else if (key === "allow" || key === "disallow") {
      inRules = true;
      if (applies && value) rules.push({ allow: key === "allow", path: value });
    }
  }
  return {
    allows(path) {
      const match = rules
        .filter((rule) => path.startsWith(rule.path.replace(/\*$/, "")))
        .toSorted((a, b) => b.path.length - a.path.length)[0];
      return match ? match.allow : true;
    },
  };
};
