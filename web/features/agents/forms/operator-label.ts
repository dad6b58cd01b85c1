import type { TFunction } from "i18next";
import type { SwitchOperator } from "../../../../worker/contract/agents";

const WORDED = {
  contains: "contains",
  "not contains": "notContains",
  "start with": "startWith",
  "end with": "endWith",
  empty: "empty",
  "not empty": "notEmpty",
} as const;

// Worded operators are translated; the comparison signs read the same in every language.
export const operatorLabel = (t: TFunction, operator: SwitchOperator) =>
  operator in WORDED ? t(`agents.operators.${WORDED[operator as keyof typeof WORDED]}`) : operator;
