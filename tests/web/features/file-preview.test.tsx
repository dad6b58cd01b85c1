import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../../web/config";
import { FilePreview } from "../../../web/features/preview/file-preview";
import { sanitizeHtml } from "../../../web/features/preview/sanitize-html";
import {
  MULTI_PAGE_PDF_PAGES,
  multiPagePdf,
  slidesPptx,
  utf16Text,
  wordDocx,
  workbookXlsx,
} from "../../helpers/fixtures/documents";
import { renderWithProviders } from "../helpers/render";

const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());

const URL_UNDER_TEST = "/api/v1/files/f1";
// documents go through mammoth, xlsx or pdf.js, which take a while on a busy machine
const SLOW_TEST_MS = 20_000;

const fileResponse = (body: BodyInit, name: string, type = "application/octet-stream") =>
  new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

const serve = (...responses: Response[]) => {
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  for (const response of responses) fetchSpy.mockResolvedValueOnce(response);
  return fetchSpy;
};

describe("FilePreview", () => {
  it("shows a CSV file as a table, named after Content-Disposition, fetched with the token", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "token-1");
    const fetchSpy = serve(fileResponse("Name;Alter;Ort\nAnna;34;Köln\nBen;28;Ulm\n", "Patienten ü.csv", "text/csv"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    const table = await screen.findByTestId("table-preview");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "Alter", "Ort"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Anna", "34", "Köln"],
      ["Ben", "28", "Ulm"],
    ]);
    expect(screen.getByTestId("file-preview-name").textContent).toBe("Patienten ü.csv");
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(URL_UNDER_TEST);
    expect(new Headers(init.headers).get("Authorization")).toBe("token-1");
  });

  it("shows the first 500 rows of a long table with a note", async () => {
    const csv = ["id,wert", ...Array.from({ length: 1200 }, (_, i) => `${i},${i * 2}`)].join("\n");
    serve(fileResponse(csv, "lang.csv"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    const table = await screen.findByTestId("table-preview");
    expect(within(table).getAllByRole("row")).toHaveLength(501);
    expect(screen.getByTestId("table-rows-note").textContent).toBe("500 von 1.200 Zeilen werden angezeigt");
  });

  it(
    "shows a workbook with one tab per sheet",
    async () => {
      serve(fileResponse(await bytesOf(workbookXlsx()), "mannschaften.xlsx"));
      renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
      const table = await screen.findByTestId("table-preview", {}, { timeout: 15_000 });
      expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Mannschaften", "Spielzeiten"]);
      expect(
        within(table)
          .getAllByRole("columnheader")
          .map((cell) => cell.textContent),
      ).toEqual(["Mannschaft", "Stadt", "Titel"]);
    },
    SLOW_TEST_MS,
  );

  it("renders markdown headings and links but never raw HTML", async () => {
    const markdown = [
      "# Leitlinie",
      "## Dosierung",
      "<script>window.previewHacked = true</script>",
      '<img src="x" onerror="window.previewHacked = true">',
      "<b>roh</b> und [Quelle](https://example.org) | a |",
    ].join("\n\n");
    serve(fileResponse(markdown, "notiz.md", "text/markdown"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Leitlinie");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Dosierung");
    const preview = screen.getByTestId("markdown-preview");
    expect(preview.querySelector("script, img, b")).toBeNull();
    expect(screen.getByRole("link", { name: "Quelle" }).getAttribute("rel")).toBe("noopener noreferrer");
    expect((window as { previewHacked?: boolean }).previewHacked).toBeUndefined();
  });

  it("shows code and HTML files as plain source text", async () => {
    const html = "<h1>Titel</h1><script>window.previewHacked = true</script>";
    serve(fileResponse(html, "seite.html", "text/html"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    const pre = await screen.findByTestId("text-preview");
    expect(pre.tagName).toBe("PRE");
    expect(pre.textContent).toBe(html);
    expect(pre.querySelector("h1, script")).toBeNull();
  });

  it("decodes a UTF-16 text file", async () => {
    serve(fileResponse(await bytesOf(utf16Text()), "utf16-datei.txt"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} name="utf16.txt" />);
    const pre = await screen.findByTestId("text-preview");
    expect(pre.textContent?.trim()).toBe("Dies ist ein Testdokument für Unit-Tests: Größe, Übung, Ärger.");
    expect(screen.getByTestId("file-preview-name").textContent).toBe("utf16.txt");
  });

  it(
    "converts a Word document and keeps its headings, text and table spans",
    async () => {
      serve(fileResponse(await bytesOf(wordDocx()), "bericht.docx"));
      renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
      const docx = await screen.findByTestId("docx-preview", {}, { timeout: 15_000 });
      expect(within(docx).getByRole("heading", { level: 1 }).textContent).toBe("Tabellen im Test");
      expect(within(docx).getAllByRole("heading", { level: 2 })[0]?.textContent).toBe("Eine gleichmäßige Tabelle");
      expect(docx.textContent).toContain("Dieser Bericht prüft");
      const [merged] = within(docx)
        .getAllByText("Verbundene Zelle 1.1 1.2")
        .map((text) => text.closest("td"));
      expect(merged?.getAttribute("colspan")).toBe("2");
    },
    SLOW_TEST_MS,
  );

  it("shows an SVG only as an <img> from a blob URL", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><script>window.previewHacked = true</script><circle r="4"/></svg>';
    serve(fileResponse(svg, "logo.svg", "image/svg+xml"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    const image = await screen.findByTestId("image-preview");
    expect(image.tagName).toBe("IMG");
    expect(image.getAttribute("src")).toMatch(/^blob:/);
    expect(screen.getByTestId("file-preview").querySelector("svg circle, script")).toBeNull();
  });

  it("offers a download for files it cannot show", async () => {
    serve(fileResponse(await bytesOf(slidesPptx()), "folien.pptx"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    expect(await screen.findByText("Keine Vorschau für diesen Dateityp")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Herunterladen" })).toHaveLength(2);
  });

  it(
    "shows a PDF page by page",
    async () => {
      serve(fileResponse(await bytesOf(multiPagePdf()), "mehrseitig.pdf", "application/pdf"));
      renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
      const indicator = await screen.findByTestId("pdf-page-indicator", {}, { timeout: 15_000 });
      expect(indicator.textContent).toBe(`1 / ${MULTI_PAGE_PDF_PAGES}`);
      expect(screen.getByTestId("pdf-page").getAttribute("aria-label")).toBe(`Seite 1 von ${MULTI_PAGE_PDF_PAGES}`);
      expect((screen.getByRole("button", { name: "Vorherige Seite" }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByRole("button", { name: "Nächste Seite" }));
      expect(indicator.textContent).toBe(`2 / ${MULTI_PAGE_PDF_PAGES}`);
      const pageInput = screen.getByRole("spinbutton", { name: "Zu Seite springen" });
      fireEvent.change(pageInput, { target: { value: "9" } });
      fireEvent.keyDown(pageInput, { key: "Enter" });
      expect(indicator.textContent).toBe(`${MULTI_PAGE_PDF_PAGES} / ${MULTI_PAGE_PDF_PAGES}`);
      fireEvent.click(screen.getByRole("button", { name: "Vergrößern" }));
      expect(screen.getByLabelText("Zoom 125 %")).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it("shows the download error with a retry button, and retries", async () => {
    const fetchSpy = serve(new Response("boom", { status: 500 }), fileResponse("wieder da", "notiz.txt"));
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    expect(await screen.findByText("Fehler beim Herunterladen der Datei, bitte später erneut versuchen")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect((await screen.findByTestId("text-preview")).textContent).toBe("wieder da");
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("treats a JSON error envelope without Content-Disposition as a failed download", async () => {
    serve(
      new Response(JSON.stringify({ code: 102, message: "No such file", data: null }), {
        headers: { "Content-Type": "application/json" },
      }),
    );
    renderWithProviders(<FilePreview url={URL_UNDER_TEST} />);
    expect(await screen.findByText("Fehler beim Herunterladen der Datei, bitte später erneut versuchen")).toBeTruthy();
  });
});

describe("sanitizeHtml", () => {
  it("removes scripts, styles and event handlers", () => {
    const clean = sanitizeHtml(
      '<p onclick="x()" style="color:red">Text<script>alert(1)</script></p><style>p{}</style><img src="x" onerror="alert(1)">',
    );
    expect(clean).toBe("<p>Text</p><img>");
  });

  it("keeps only http(s) and mailto links, opening them safely", () => {
    const clean = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="https://example.org/x?a=1&amp;b=2">c</a><a href="mailto:team@example.org">d</a><a href="#footnote-1">e</a>',
    );
    expect(clean).toBe(
      '<a>a</a><a>b</a><a href="https://example.org/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">c</a>' +
        '<a href="mailto:team@example.org" target="_blank" rel="noopener noreferrer">d</a><a>e</a>',
    );
  });

  it("keeps data: images only", () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA" alt="Ente" width="9">')).toBe(
      '<img src="data:image/png;base64,AAAA" alt="Ente">',
    );
    expect(sanitizeHtml('<img src="https://tracker.example/p.gif">')).toBe("<img>");
  });

  it("keeps the allowed structure and unwraps unknown elements", () => {
    const html =
      '<h1 id="t">Titel</h1><div class="x"><span>lose</span> <strong>fett</strong> <em>kursiv</em> <u>u</u><sup>1</sup><sub>2</sub></div>' +
      "<ul><li>eins</li></ul><ol><li>zwei</li></ol><blockquote>Zitat<br></blockquote>" +
      '<table><thead><tr><th colspan="2">K</th></tr></thead><tbody><tr><td rowspan="x">a</td><td>b</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(
      "<h1>Titel</h1>lose <strong>fett</strong> <em>kursiv</em> <u>u</u><sup>1</sup><sub>2</sub>" +
        "<ul><li>eins</li></ul><ol><li>zwei</li></ol><blockquote>Zitat<br></blockquote>" +
        '<table><thead><tr><th colspan="2">K</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
    );
  });

  it("drops embedded documents and forms with their content", () => {
    expect(
      sanitizeHtml(
        '<p>a</p><template><p>t</p></template><svg><script>1</script></svg><object data="x">o</object><form><button>b</button></form><!-- c -->',
      ),
    ).toBe("<p>a</p>");
  });

  it("escapes text so it cannot become markup", () => {
    expect(sanitizeHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });
});
