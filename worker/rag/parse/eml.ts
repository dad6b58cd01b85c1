import PostalMime from "postal-mime";
import { parseHtmlString } from "./html";
import type { ParsedDocument } from "./types";

// Headers first (From, To, Subject, Date), then the plain-text body (or the HTML body as text).
const who = (a: { name?: string; address?: string } | undefined) =>
  a ? [a.name, a.address && `<${a.address}>`].filter(Boolean).join(" ") : "";

export const parseEml = async (bytes: Uint8Array): Promise<ParsedDocument> => {
  const email = await PostalMime.parse(bytes);
  const headers = [
    `From: ${who(email.from)}`,
    `To: ${(email.to ?? []).map(who).join(", ")}`,
    `Subject: ${email.subject ?? ""}`,
    email.date ? `Date: ${email.date}` : "",
  ].filter((line) => !line.endsWith(": "));
  const body = email.text?.trim()
    ? { blocks: [{ kind: "text" as const, text: email.text.trim() }] }
    : parseHtmlString(email.html ?? "");
  return { blocks: [{ kind: "heading", level: 1, text: headers.join("\n") }, ...body.blocks] };
};
