import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FileEntry } from "../../../worker/contract/files";
import { LinkDialog } from "../../../web/features/files/link-dialog";
import { S3ImportTab } from "../../../web/features/files/s3-import-tab";
import { renderWithProviders } from "../helpers/render";

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: "", data }), { headers: { "Content-Type": "application/json" } });

type Call = { url: string; body: Record<string, unknown> | null };

const mockApi = (answer: (call: Call) => unknown) => {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const call = {
      url: String(input),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
    };
    calls.push(call);
    return envelope(answer(call));
  });
  return calls;
};

const file = (overrides: Partial<FileEntry>): FileEntry => ({
  id: "f".repeat(32),
  parent_id: "p".repeat(32),
  tenant_id: "t".repeat(32),
  created_by: "u".repeat(32),
  name: "notizen.txt",
  size: 10,
  type: "doc",
  source_type: "",
  source_url: null,
  create_time: 0,
  update_time: 0,
  kbs_info: [],
  readonly: false,
  ...overrides,
});

describe("file manager: S3 import", () => {
  it("requires every connection field before asking the server", async () => {
    const calls = mockApi(() => null);
    renderWithProviders(<S3ImportTab parentId={undefined} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Objekte anzeigen" }));
    expect(await screen.findAllByText("Dieses Feld ist erforderlich.")).toHaveLength(4);
    expect(calls).toHaveLength(0);
  });

  it("browses a prefix, opens a sub-folder and imports the picked objects into the folder", async () => {
    const calls = mockApi(({ url, body }) => {
      if (url.endsWith("/files/import/s3")) return [];
      return body?.prefix === "docs/"
        ? { objects: [{ key: "docs/a.md", size: 12, last_modified: "" }], folders: [], next_token: null }
        : { objects: [{ key: "welcome.txt", size: 5, last_modified: "" }], folders: ["docs/"], next_token: null };
    });
    const done = vi.fn();
    renderWithProviders(<S3ImportTab parentId={"a".repeat(32)} onDone={done} />);
    for (const [label, value] of [
      ["Endpunkt", "https://s3.example.com"],
      ["Bucket", "team-docs"],
      ["Access Key ID", "AKIA"],
      ["Secret Access Key", "secret"],
    ]) {
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Objekte anzeigen" }));
    const objects = await screen.findByTestId("s3-objects");
    expect(within(objects).getByText("welcome.txt")).toBeTruthy();
    fireEvent.click(within(objects).getByRole("button", { name: /docs\// }));
    await screen.findByText("a.md");
    expect(calls[1]?.body).toMatchObject({
      prefix: "docs/",
      bucket: "team-docs",
      access_key_id: "AKIA",
      secret_access_key: "secret",
      region: "auto",
    });
    fireEvent.click(screen.getByRole("checkbox", { name: /a\.md/ }));
    fireEvent.click(await screen.findByRole("button", { name: "1 Objekt importieren" }));
    await waitFor(() => expect(done).toHaveBeenCalled(), { timeout: 5000 });
    expect(calls.find((call) => call.url.endsWith("/files/import/s3"))?.body).toMatchObject({
      keys: ["docs/a.md"],
      parent_id: "a".repeat(32),
    });
  });
});

describe("file manager: link dialog", () => {
  it("keeps existing links checked and sends only the new bases", async () => {
    const calls = mockApi(({ url }) =>
      url.includes("/datasets")
        ? [
            { id: "1".repeat(32), name: "Basis A" },
            { id: "2".repeat(32), name: "Basis B" },
          ]
        : { linked: [{ file_id: "f".repeat(32), kb_id: "2".repeat(32), doc_id: "d".repeat(32) }], skipped: [] },
    );
    const close = vi.fn();
    renderWithProviders(
      <LinkDialog
        files={[file({ kbs_info: [{ kb_id: "1".repeat(32), kb_name: "Basis A", doc_id: "e".repeat(32) }] })]}
        onClose={close}
      />,
    );
    const already = await screen.findByRole("checkbox", { name: "Basis A" });
    expect((already as HTMLInputElement).checked).toBe(true);
    expect((already as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Verknüpfen" }));
    expect(await screen.findByText("Wählen Sie mindestens eine Wissensdatenbank.")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Basis B" }));
    await waitFor(() =>
      expect((screen.getByRole("checkbox", { name: "Basis B" }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(screen.getByRole("button", { name: "Verknüpfen" }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(calls.find((call) => call.url.endsWith("/files/link-to-datasets"))?.body).toEqual({
      file_ids: ["f".repeat(32)],
      kb_ids: ["2".repeat(32)],
    });
  });
});
