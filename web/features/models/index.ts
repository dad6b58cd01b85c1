export { AddModelDialog } from "./add-model-dialog";
export { ModelProvidersPage } from "./model-providers-page";
export { SystemModelsPage } from "./system-models-page";
