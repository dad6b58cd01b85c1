import type { ParseKeys } from "i18next";
import { BookOpen, Bot, Brain, FolderOpen, House, MessagesSquare, Search } from "lucide-react";

// One navigation for both route sets of the spec: `classic` pages (/knowledge, /chat, …) and their new-style
// counterparts (`next`: /datasets, /next-chat, …). Same items, same order; each set links within itself.
export const NAV_ITEMS = [
  { classic: "/knowledge", next: "/datasets", label: "nav.knowledgeBase", icon: BookOpen },
  { classic: "/chat", next: "/next-chat", label: "nav.chat", icon: MessagesSquare },
  { classic: "/file", next: "/file", label: "nav.fileManagement", icon: FolderOpen },
  { classic: "/flow", next: "/agent", label: "nav.createBuddys", icon: Bot },
  { classic: "/search", next: "/next-search", label: "nav.quickTest", icon: Search },
  { classic: "/memory", next: "/memory", label: "nav.memory", icon: Brain },
  { classic: "/home", next: "/home", label: "nav.home", icon: House },
] as const satisfies readonly { classic: string; next: string; label: ParseKeys; icon: unknown }[];

export type RouteSet = "classic" | "next";

// The settings each set opens from the account menu.
export const SETTINGS_PAGE = { classic: "/user-setting/profile", next: "/profile-setting/profile" } as const;
