import type { TFunction } from "i18next";

const WORDED = {
  contains: "contains",
  "not contains": "notContains",
  "start with": "startWith",
  "end with": "endWith",
  empty: "empty",
  "not empty": "notEmpty",
  in: "in",
  "not in": "notIn",
  is: "is",
  "is not": "isNot",
} as const;

// Worded operators are translated; the comparison signs read the same in every language.
export const operatorLabel = (t: TFunction, operator: string) =>
  operator in WORDED ? t(`agents.operators.${WORDED[operator as keyof typeof WORDED]}`) : operator;
