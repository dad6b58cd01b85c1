export { ConversationPane } from "./conversation-pane";
export { ExportDialog } from "./export-dialog";
export { StatsDialog } from "./stats-dialog";
