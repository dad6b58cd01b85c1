import { SELF } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { ComponentSpec } from "../../../worker/contract/agent-graph";
import type { ShareToken } from "../../../worker/contract/share";
import { parseDocx } from "../../../worker/rag/parse/docx";
import { parsePdf } from "../../../worker/rag/parse/pdf";
import { markdownBlocks } from "../../../worker/services/agents/components/documents/markdown-blocks";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { callApi } from "../../helpers/worker/api";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const LETTER = [
  "# Arztbrief für {begin@name}",
  "Sehr geehrte Frau Müller, über Ihre Patientin berichten wir Folgendes: Größe 1,68 m, Übelkeit seit drei Tagen.",
  "## Medikation",
  "- Ibuprofen 400 mg",
  "- Pantoprazol 20 mg",
  "1. Kontrolle in **zwei** Wochen",
  "2. Blutbild",
  "| Wert | Ergebnis |\n| --- | --- |\n| CRP | 12 mg/l |\n| Leukozyten | 9,1 /nl |",
  "\\newpage",
  "## Nächste Schritte",
  "Mit freundlichen Grüßen",
].join("\n\n");

type Download = { doc_id: string; filename: string; mime_type: string; size: number; url: string };
type Outputs = { download: string; link: string; filename: string; size: number };

const generating = (params: Record<string, unknown>): ComponentSpec[] => [
  ["begin", "Begin", { inputs: { name: { name: "Name", type: "line", optional: false } } }, ["DocGenerator:doc"]],
  ["DocGenerator:doc", "DocGenerator", { content: LETTER, ...params }, ["Message:out"]],
  ["Message:out", "Message", { content: ["Ihr Brief: {DocGenerator:doc@link}"] }],
];

const generate = async (user: TestUser, params: Record<string, unknown>) => {
  const agent = await createAgent(user, flow(generating(params)));
  const result = await runAgent(user, agent.id, { question: "Brief", inputs: { name: "Jürgen Weiß" } });
  expect(result.body.data.error).toBeNull();
  const outputs = result.body.data.trace.find((entry) => entry.component_id === "DocGenerator:doc")
    ?.outputs as unknown as Outputs;
  const download = JSON.parse(outputs.download) as Download;
  return { agent, result, outputs, download };
};

const fetchFile = (url: string, token: string | null) =>
  SELF.fetch(`http://buddy.test${url}`, { headers: token ? { Authorization: token } : {} });

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("DocGenerator", () => {
  // the first PDF read loads pdf.js into the test isolate, which takes seconds on a busy machine
  it("writes a PDF into R2 that reads back with headings, umlauts, lists, tables and a page break", {
    timeout: 60_000,
  }, async () => {
    const user = await createUser();
    const { result, outputs, download } = await generate(user, {
      output_format: "pdf",
      filename: "Arztbrief {begin@name}",
      footer_text: "Praxis Dr. Groß",
    });
    expect(download).toMatchObject({ filename: "Arztbrief Jürgen Weiß.pdf", mime_type: "application/pdf" });
    expect(outputs.link).toBe(`[Arztbrief Jürgen Weiß.pdf](${download.url})`);
    expect(result.body.data.content).toBe(`Ihr Brief: ${outputs.link}`);

    const response = await fetchFile(download.url, user.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(encodeURIComponent("Arztbrief Jürgen Weiß.pdf"));
    const bytes = await bytesOf(response);
    expect(bytes.length).toBe(download.size);
    const parsed = await parsePdf(bytes, 1, 10, false, false);
    expect(parsed.pageCount).toBe(2);
    const page = (n: number) =>
      parsed.blocks
        .filter((block) => block.page === n)
        .map((block) => block.text)
        .join(" ")
        .replace(/\s+/g, " ");
    const first = page(1);
    expect(first).toContain("Arztbrief für Jürgen Weiß");
    expect(first).toContain("Größe 1,68 m, Übelkeit");
    expect(first).toContain("Ibuprofen 400 mg");
    expect(first).toContain("Kontrolle in zwei Wochen");
    expect(first).toMatch(/CRP\s+12 mg\/l/);
    expect(first).not.toContain("Nächste Schritte");
    expect(page(2)).toContain("Nächste Schritte");
    expect(page(2)).toContain("Mit freundlichen Grüßen");
    // the reader leaves running footers out of its blocks: the raw text layer has them on every page
    const { text: raw } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: false });
    expect(raw[0]).toContain("Praxis Dr. Groß");
    expect(raw[0]).toContain("1 / 2");
    expect(raw[1]).toContain("2 / 2");
  });

  it("wraps long paragraphs onto further pages rather than past the margin", async () => {
    const user = await createUser();
    const long = Array.from({ length: 400 }, (_, i) => `Wort${i}`).join(" ");
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["DocGenerator:doc"]],
        ["DocGenerator:doc", "DocGenerator", { content: long, add_timestamp: false, add_page_numbers: false }],
      ]),
    );
    const result = await runAgent(user, agent.id, { question: "x" });
    const outputs = result.body.data.trace.find((entry) => entry.component_id === "DocGenerator:doc")
      ?.outputs as unknown as Outputs;
    const bytes = await bytesOf(await fetchFile((JSON.parse(outputs.download) as Download).url, user.token));
    const parsed = await parsePdf(bytes, 1, 10, false, false);
    const text = parsed.blocks.map((block) => block.text).join(" ");
    expect(text).toContain("Wort0");
    expect(text).toContain("Wort399");
    expect(text.split(/\s+/).filter((word) => /^Wort\d+$/.test(word))).toHaveLength(400);
  });

  it("writes a Word file that the DOCX parser reads as headings, lists and a table", async () => {
    const user = await createUser();
    const { download } = await generate(user, { output_format: "docx", header_text: "Praxis Dr. Groß" });
    expect(download.filename).toMatch(/^document_\d{14}\.docx$/);
    const parsed = await parseDocx(await bytesOf(await fetchFile(download.url, user.token)));
    const headings = parsed.blocks
      .filter((block) => block.kind === "heading")
      .map((block) => [block.level, block.text]);
    expect(headings).toEqual([
      [1, "Arztbrief für Jürgen Weiß"],
      [2, "Medikation"],
      [2, "Nächste Schritte"],
    ]);
    const text = parsed.blocks.map((block) => block.text).join("\n");
    expect(text).toContain("Sehr geehrte Frau Müller");
    expect(text).toContain("Ibuprofen 400 mg");
    expect(text).toContain("Kontrolle in zwei Wochen");
    expect(text).toContain("Mit freundlichen Grüßen");
    const table = parsed.blocks.find((block) => block.kind === "table")?.text ?? "";
    expect(table).toContain("CRP");
    expect(table).toContain("9,1 /nl");
  });

  it("numbers a Word file's pages in its footer and puts the watermark behind the pages, as the PDF does", async () => {
    const user = await createUser();
    const { download } = await generate(user, {
      output_format: "docx",
      footer_text: "Praxis <Dr.> Groß",
      watermark_text: 'ENTWURF & "vertraulich"',
    });
    const bytes = await bytesOf(await fetchFile(download.url, user.token));
    const files = unzipSync(bytes);
    const read = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    const footer = read("word/footer1.xml");
    expect(footer).toContain("Praxis &lt;Dr.&gt; Groß");
    expect(footer).toMatch(
      /<w:fldSimple w:instr=" PAGE ">.*<w:t xml:space="preserve"> \/ <\/w:t>.*<w:fldSimple w:instr=" NUMPAGES ">/,
    );
    const header = read("word/header1.xml");
    expect(header).toContain('string="ENTWURF &amp; &quot;vertraulich&quot;"');
    expect(header).toContain("rotation:315");
    const document = read("word/document.xml");
    expect(document).toContain('<w:headerReference w:type="default" r:id="rIdHeader"/>');
    expect(document).toContain('<w:footerReference w:type="default" r:id="rIdFooter"/>');
    expect(read("[Content_Types].xml")).toContain('PartName="/word/footer1.xml"');
    // the text still reads as before
    const parsed = await parseDocx(bytes);
    expect(parsed.blocks.map((block) => block.text).join("\n")).toContain("Mit freundlichen Grüßen");

    // page numbers off and no texts: no footer or header part at all
    const plain = await generate(user, { output_format: "docx", add_page_numbers: false });
    const plainFiles = unzipSync(await bytesOf(await fetchFile(plain.download.url, user.token)));
    expect(Object.keys(plainFiles).filter((name) => /header|footer/.test(name))).toEqual([]);
    expect(strFromU8(plainFiles["word/document.xml"] ?? new Uint8Array())).not.toContain("footerReference");
  });

  it("writes Markdown as it was given, with the creation time on top", async () => {
    const user = await createUser();
    const { download } = await generate(user, { output_format: "markdown", filename: "brief.txt" });
    expect(download).toMatchObject({ filename: "brief.md", mime_type: "text/markdown; charset=utf-8" });
    const text = await (await fetchFile(download.url, user.token)).text();
    expect(text).toMatch(/^Generated: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\n\n# Arztbrief für Jürgen Weiß\n/);
    expect(text).toContain("| CRP | 12 mg/l |");
  });

  it("serves the file to the team and the share link's visitors only", async () => {
    const owner = await createUser();
    const { agent, download } = await generate(owner, { output_format: "txt" });
    const stranger = await createUser();
    expect((await fetchFile(download.url, null)).status).toBe(401);
    const foreign = await callApi(download.url.replace("/api/v1", ""), { token: stranger.token });
    expect(foreign.body.code).not.toBe(0);
    const renamed = await callApi(download.url.replace(/[^/]+$/, "other.txt").replace("/api/v1", ""), {
      token: owner.token,
    });
    expect(renamed.body.code).not.toBe(0);
    expect(renamed.body.message).toContain(download.doc_id);

    const token = (
      await callApi<ShareToken>(`/agents/${agent.id}/share-tokens`, { token: owner.token, json: { name: "Web" } })
    ).body.data;
    const sharedUrl = `${download.url.replace("/api/v1/agents/", "/api/v1/share/agents/")}?visitor_id=visitor-aaaaaaaaaaaaaaaa`;
    const shared = await fetchFile(sharedUrl, `Bearer ${token.token}`);
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain("Arztbrief für Jürgen Weiß");
    const other = await createAgent(owner, flow([["begin", "Begin", {}, []]]));
    const elsewhere = await fetchFile(sharedUrl.replace(agent.id, other.id), `Bearer ${token.token}`);
    expect(elsewhere.status).toBe(403);
  });

  it("refuses bad parameters when the flow is saved, naming the field", async () => {
    const user = await createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ output_format: "xlsx" }, "output_format"],
      [{ font_size: 8 }, "font_size"],
      [{ add_page_numbers: "yes" }, "add_page_numbers"],
    ];
    for (const [params, field] of cases) {
      const res = await callApi("/agents", {
        token: user.token,
        json: { title: `doc ${crypto.randomUUID().slice(0, 6)}`, dsl: flow(generating(params)) },
      });
      expect(res.body.code, field).not.toBe(0);
      expect(res.body.message).toContain(`dsl.components.DocGenerator:doc.obj.params.${field}`);
    }
  });

  it("fails the run with a clear message when the content is empty", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["DocGenerator:doc"]],
        ["DocGenerator:doc", "DocGenerator", { content: "{sys.files}" }],
      ]),
    );
    const result = await runAgent(user, agent.id, { question: "x" });
    expect(result.body.data.error).toContain("DocGenerator: the content is empty.");
  });
});

describe("markdownBlocks", () => {
  it("reads headings, lists, tables and page breaks, and drops inline marks", () => {
    const markdown =
      "# A *b*\n\ntext **fett** [Link](http://x)\nweiter\n\n- a\n- b\n\n<!-- pagebreak -->\n|x|y|\n|--|:-:|\n|1|2|";
    expect(markdownBlocks(markdown)).toEqual([
      { kind: "heading", level: 1, text: "A b" },
      { kind: "paragraph", text: "text fett Link weiter" },
      { kind: "list", ordered: false, items: ["a", "b"] },
      { kind: "pagebreak" },
      { kind: "table", header: ["x", "y"], rows: [["1", "2"]] },
    ]);
  });
});
