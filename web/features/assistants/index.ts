export { AssistantList } from "./assistant-list";
export { ChatConfigDialog } from "./chat-config-dialog";
