import type { ComponentImpl } from "../engine/types";
import { safeFetch, stripHtml } from "../../outbound/safe-fetch";

type Variable = { key: string; ref?: string; value?: string };

// An HTTP call; GET sends the variables as the query, other methods as JSON or form data.
export const invoke: ComponentImpl = {
  name: "Invoke",
  run: async ({ ctx, params, render, signal }) => {
    const method = String(params.method ?? "GET").toUpperCase();
    const headers = JSON.parse(render(params.headers) || "{}") as Record<string, string>;
    const variables = Object.fromEntries(
      ((params.variables ?? []) as Variable[])
        .filter((variable) => variable.key)
        .map((variable) => [variable.key, render(variable.ref ?? variable.value ?? "")]),
    );
    const url = new URL(render(params.url));
    let body: BodyInit | undefined;
    if (method === "GET") for (const [key, value] of Object.entries(variables)) url.searchParams.set(key, value);
    else if (params.datatype === "formdata") body = new URLSearchParams(variables);
    else {
      body = JSON.stringify(variables);
      headers["Content-Type"] ??= "application/json";
    }
    const response = await safeFetch(ctx, url, { method, headers, body }, signal, {
      timeoutSeconds: Number(params.timeout ?? 60),
    });
    return {
      outputs: {
        result: params.clean_html && response.contentType.includes("html") ? stripHtml(response.text) : response.text,
        status: response.status,
      },
    };
  },
};
