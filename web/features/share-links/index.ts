export { ApiPanel } from "./api-panel";
export { ShareDialog } from "./share-dialog";
