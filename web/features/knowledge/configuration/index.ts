export { DatasetConfigurationForm } from "./dataset-configuration-form";
export { DatasetConfigurationPage } from "./dataset-configuration-page";
