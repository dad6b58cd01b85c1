import i18n from "../i18n";
import { ApiError, ErrorCode } from "../api/client";
import { toaster } from "./ui/toaster";

export const notifySuccess = (title: string) => toaster.create({ type: "success", title, closable: true });

// Readable text for any failed request: known codes are translated, others show the server's words.
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.network) return i18n.t("common.networkError");
    if (error.status >= 500) return i18n.t("common.serverError");
    return error.message;
  }
  return i18n.t("common.requestError");
};

export const notifyError = (error: unknown): undefined => {
  toaster.create({ type: "error", title: i18n.t("common.requestError"), description: errorMessage(error), closable: true });
};

export const notifyErrorText = (description: string): undefined => {
  toaster.create({ type: "error", title: i18n.t("common.requestError"), description, closable: true });
};
