import type { TFunction } from "i18next";
import { ELSE_HANDLE } from "../../../../worker/contract/agent-components";

// The text beside a branch handle: the category's own name, "Fall 2", "Sonst", "Ja", "Nein".
export const branchLabel = (t: TFunction, handle: string) => {
  const caseIndex = /^case-(\d+)$/.exec(handle);
  if (caseIndex) return t("agents.branch.case", { n: Number(caseIndex[1]) + 1 });
  if (handle === ELSE_HANDLE) return t("agents.branch.else");
  if (handle === "yes") return t("agents.branch.yes");
  if (handle === "no") return t("agents.branch.no");
  return handle;
};
