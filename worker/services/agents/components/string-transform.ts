import type { ComponentImpl } from "../engine/types";
import { render, valueOf } from "../engine/variables";
import { checkParams } from "./checked-params";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// split: the text a variable holds, cut at any of the delimiters (empty pieces kept), as a list; merge: the
// script with its variables filled in, lists joined with the first delimiter.
export const stringTransform: ComponentImpl = {
  name: "StringTransform",
  run: async ({ params, values }) => {
    checkParams("StringTransform", params);
    const delimiters = (params.delimiters ?? [","]) as string[];
    if (delimiters.length === 0) throw new Error("StringTransform needs at least one delimiter.");
    if (params.method === "split") {
      const text = valueOf(params.split_ref, values) ?? "";
      if (typeof text !== "string") throw new Error(`The variable to split holds ${typeof text}, not text.`);
      const pattern = new RegExp(delimiters.map(escapeRegExp).join("|"));
      return { outputs: { result: text.split(pattern) } };
    }
    return { outputs: { result: render(params.script, values, delimiters[0]) } };
  },
};
