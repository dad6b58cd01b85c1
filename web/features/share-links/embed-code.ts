// The snippets an owner copies into a website. Share URLs come from URL.toString() (already encoded);
// free text (start question, title) is escaped for an HTML attribute.
export const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export const iframeCode = (url: string) =>
  `<iframe src="${url}" style="width:100%;height:100%;min-height:600px" frameborder="0" allow="microphone"></iframe>`;

export const widgetCode = ({
  origin,
  url,
  question,
  title,
}: {
  origin: string;
  url: string;
  question: string;
  title: string;
}) => {
  const attributes = [`src="${origin}/embed/widget.js"`, `data-buddy-src="${url}"`];
  if (question.trim()) attributes.push(`data-buddy-question="${escapeAttribute(question.trim())}"`);
  if (title.trim()) attributes.push(`data-buddy-title="${escapeAttribute(title.trim())}"`);
  return `<script ${attributes.join(" ")} async></script>`;
};
