import i18n from "../i18n";
import { ApiError, ErrorCode } from "../api/client";
import { catalogueText } from "../lib/catalogue-text";
import { knownServerMessage } from "../lib/server-messages";
import { toaster } from "./ui/toaster";

export const notifySuccess = (title: string) => toaster.create({ type: "success", title, closable: true });

// A hint about what the user did, not a failed request (e.g. "Please select chunk!").
export const notifyWarning = (title: string) => toaster.create({ type: "warning", title, closable: true });

const HTTP_STATUSES = [400, 401, 403, 404, 406, 410, 413, 422, 500, 502, 503, 504] as const;
type KnownStatus = (typeof HTTP_STATUSES)[number];
const isKnownStatus = (status: number): status is KnownStatus => (HTTP_STATUSES as readonly number[]).includes(status);

// The error catalogue's text for an HTTP status, for answers that carry no message of their own.
export const statusMessage = (status: number): string => {
  if (!isKnownStatus(status)) return i18n.t("common.requestError");
  return i18n.t(`common.httpStatus.s${status}`);
};

// Readable text for any failed request: known codes are translated, others show the server's words.
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.network) return i18n.t("common.networkError");
    if (error.status >= 500)
      return isKnownStatus(error.status) ? statusMessage(error.status) : i18n.t("common.serverError");
    if (!error.enveloped || !error.message) return statusMessage(error.status);
    // messages the catalogue knows read in the user's language; others as the server wrote them
    const catalogued = error.catalogued && catalogueText(error.catalogued);
    if (catalogued) return catalogued;
    const known = knownServerMessage(error.message);
    return known
      ? i18n.t(`common.server.${known.key}`, { ...known.values, defaultValue: error.message })
      : error.message;
  }
  return i18n.t("common.requestError");
};

export const notifyError = (error: unknown): undefined => {
  toaster.create({
    type: "error",
    title: i18n.t("common.requestError"),
    description: errorMessage(error),
    closable: true,
  });
};

export const notifyErrorText = (description: string): undefined => {
  toaster.create({ type: "error", title: i18n.t("common.requestError"), description, closable: true });
};
