// Title and same-site links of an HTML page, read with workerd's streaming HTMLRewriter.
export type PageLinks = { title: string; links: string[] };

export const extractLinks = async (html: string, pageUrl: URL): Promise<PageLinks> => {
  let title = "";
  const links = new Set<string>();
  const rewriter = new HTMLRewriter()
    .on("title", {
      text(chunk) {
        title += chunk.text;
      },
    })
    .on("a[href]", {
      element(element) {
        const href = element.getAttribute("href");
        if (!href || href.startsWith("#") || /^(mailto|javascript|tel):/i.test(href)) return;
        try {
          const target = new URL(href, pageUrl);
          target.hash = "";
          if (target.origin === pageUrl.origin) links.add(target.href);
        } catch {
          // unparsable href: ignore, as a browser would
        }
      },
    });
  await rewriter.transform(new Response(html)).text();
  return { title: decodeEntities(title).replace(/\s+/g, " ").trim(), links: [...links] };
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

const codePoint = (code: number, written: string) => (code <= 0x10ffff ? String.fromCodePoint(code) : written);

export const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
    // a number past U+10FFFF (which String.fromCodePoint throws on) stays as written
    if (code.startsWith("#x") || code.startsWith("#X")) return codePoint(Number.parseInt(code.slice(2), 16), match);
    if (code.startsWith("#")) return codePoint(Number(code.slice(1)), match);
    return ENTITIES[code.toLowerCase()] ?? match;
  });
