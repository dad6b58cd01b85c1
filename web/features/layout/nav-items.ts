import type { ParseKeys } from "i18next";
import { BookOpen, Bot, FolderOpen, House, MessagesSquare, Search } from "lucide-react";

export const NAV_ITEMS = [
  { to: "/knowledge", label: "nav.knowledgeBase", icon: BookOpen },
  { to: "/chat", label: "nav.chat", icon: MessagesSquare },
  { to: "/file", label: "nav.fileManagement", icon: FolderOpen },
  { to: "/flow", label: "nav.createBuddys", icon: Bot },
  { to: "/search", label: "nav.quickTest", icon: Search },
  { to: "/home", label: "nav.home", icon: House },
] as const satisfies readonly { to: string; label: ParseKeys; icon: unknown }[];
