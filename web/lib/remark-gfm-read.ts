import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import type { Processor } from "unified";

// remark-gfm without its Markdown writer: the SPA only reads Markdown, and the writer (mdast-util-to-markdown)
// would otherwise ship on every page that shows an answer.
export function remarkGfmRead(this: Processor) {
  // the keys remark-parse reads (its type declarations are not a dependency of the SPA)
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), gfm()];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), gfmFromMarkdown()];
}
