export { ConversationPane } from "./conversation-pane";
export { ExportDialog } from "./export-dialog";
export { SessionList } from "./session-list";
export { StatsDialog } from "./stats-dialog";
