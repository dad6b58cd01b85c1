import type { homeDe } from "./home.de";

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

// Strings of the new-style home page (English).
export const homeEn: Shape<typeof homeDe> = {
  greeting: "Hello, {{name}}",
  greetingAnonymous: "Hello",
  intro: "Your knowledge bases, assistants, Buddies and searches at a glance.",
  quickActions: "Quick actions",
  createDataset: "Create knowledge base",
  createAssistant: "Create assistant",
  createFlow: "Create Buddy",
  showAll: "Show all",
  total: "{{count}} in total",
  updated: "Updated {{date}}",
  datasets: {
    title: "Knowledge bases",
    empty: "No knowledge base yet.",
    meta: "{{docs}} documents · {{chunks}} chunks",
  },
  assistants: { title: "Chat assistants", empty: "No assistant yet." },
  flows: { title: "Buddies (agents)", empty: "No Buddy yet." },
  searches: { title: "Search apps", empty: "No search app yet.", unavailable: "The search apps could not be loaded." },
  usage: { title: "Usage", details: "See plan and usage" },
};
