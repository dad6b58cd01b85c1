const ALLOWED_TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tr",
  "td",
  "th",
  "a",
  "img",
  "br",
  "sup",
  "sub",
  "blockquote",
]);

// Elements whose content is code, styling or hidden markup: dropped with everything inside. Any other
// element that is not allowed is unwrapped, so its text stays.
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "head",
  "title",
  "meta",
  "link",
  "base",
  "textarea",
  "select",
  "option",
  "button",
  "form",
]);

const SAFE_LINK = /^(https?:|mailto:)/i;
const SAFE_IMAGE = /^data:image\//i;
const SPAN = /^\d{1,3}$/;

const copyAllowedAttributes = (from: Element, to: Element) => {
  const tag = to.localName;
  if (tag === "a") {
    const href = from.getAttribute("href")?.trim() ?? "";
    if (SAFE_LINK.test(href)) {
      to.setAttribute("href", href);
      to.setAttribute("target", "_blank");
      to.setAttribute("rel", "noopener noreferrer");
    }
  } else if (tag === "img") {
    const src = from.getAttribute("src")?.trim() ?? "";
    if (SAFE_IMAGE.test(src)) to.setAttribute("src", src);
    const alt = from.getAttribute("alt");
    if (alt) to.setAttribute("alt", alt);
  } else if (tag === "td" || tag === "th") {
    for (const name of ["colspan", "rowspan"]) {
      const value = from.getAttribute(name);
      if (value && SPAN.test(value)) to.setAttribute(name, value);
    }
  }
};

const cleanChildren = (from: Node, to: Node, doc: Document) => {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ""));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const element = child as Element;
      const tag = element.localName;
      if (ALLOWED_TAGS.has(tag)) {
        const copy = doc.createElement(tag);
        copyAllowedAttributes(element, copy);
        cleanChildren(element, copy, doc);
        to.appendChild(copy);
      } else if (!DROPPED_WITH_CONTENT.has(tag)) {
        cleanChildren(element, to, doc);
      }
    }
    // comments, processing instructions and CDATA are left out
  }
};

// Allowlist sanitiser for converted documents (mammoth's DOCX HTML): only the tags above survive, with
// no attributes but safe link targets, data: images and table spans. DOMParser documents are inert,
// so nothing in the input runs or loads while it is read.
export const sanitizeHtml = (html: string): string => {
  const source = new DOMParser().parseFromString(html, "text/html");
  const doc = document.implementation.createHTMLDocument("");
  const container = doc.createElement("div");
  cleanChildren(source.body, container, doc);
  return container.innerHTML;
};
