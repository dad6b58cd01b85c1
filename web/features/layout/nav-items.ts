import type { ParseKeys } from "i18next";
import { BookOpen, Bot, FolderOpen, House, MessagesSquare, Search } from "lucide-react";

// `to`: the classic page; `next`: its new-style counterpart, where the side rail of the new layout leads.
export const NAV_ITEMS = [
  { to: "/knowledge", next: "/datasets", label: "nav.knowledgeBase", icon: BookOpen },
  { to: "/chat", next: "/next-chat", label: "nav.chat", icon: MessagesSquare },
  { to: "/file", next: "/file", label: "nav.fileManagement", icon: FolderOpen },
  { to: "/flow", next: "/agent", label: "nav.createBuddys", icon: Bot },
  { to: "/search", next: "/next-search", label: "nav.quickTest", icon: Search },
  { to: "/home", next: "/home", label: "nav.home", icon: House },
] as const satisfies readonly { to: string; next: string; label: ParseKeys; icon: unknown }[];
