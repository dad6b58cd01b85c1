import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { UPLOAD_FILE_MAX_BYTES } from "../../../worker/contract/limits";
import { toaster } from "../../../web/components/ui/toaster";
import { LocalFilesTab } from "../../../web/components/upload/local-files-tab";
import { useUploadQueue } from "../../../web/components/upload/use-upload-queue";
import { useFileQueue } from "../../../web/features/documents/use-file-queue";
import { UploadDialog } from "../../../web/features/documents/upload-dialog";
import { renderWithProviders } from "../helpers/render";

// the upload itself goes through XMLHttpRequest: answered here with the document the server would make
vi.mock("../../../web/api/documents", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../web/api/documents")>()),
  uploadFile: async (_datasetId: string, file: File) => [{ id: `id-${file.name}`, name: file.name }],
}));

const Harness = () => <LocalFilesTab queue={useFileQueue("d".repeat(32))} />;

const choose = (files: File[]) => fireEvent.change(screen.getByTestId("file-input"), { target: { files } });

// A File whose size is reported without allocating megabytes in the test.
const sized = (name: string, size: number) => {
  const file = new File(["x"], name);
  Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("upload dialog: local files", () => {
  it("flags files over 10 MB and unsupported types before sending anything", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<Harness />);
    choose([
      sized("gross.pdf", UPLOAD_FILE_MAX_BYTES + 1),
      new File(["MZ"], "tool.exe"),
      new File(["ok"], "notiz.txt"),
    ]);
    expect(await screen.findByText("„gross.pdf“ ist größer als 10 MB.")).toBeTruthy();
    expect(screen.getByText("Der Dateityp von „tool.exe“ wird nicht unterstützt.")).toBeTruthy();
    expect(screen.getAllByTestId("upload-item")).toHaveLength(3);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses more than 128 files in one upload", async () => {
    renderWithProviders(<Harness />);
    choose(Array.from({ length: 129 }, (_, i) => new File(["x"], `f${i}.txt`)));
    expect(await screen.findByText("Höchstens 128 Dateien pro Upload.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Hochladen" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("removes a file from the list", async () => {
    renderWithProviders(<Harness />);
    choose([new File(["a"], "a.txt"), new File(["b"], "b.txt")]);
    fireEvent.click(await screen.findByRole("button", { name: "„a.txt“ entfernen" }));
    await waitFor(() => expect(screen.getAllByTestId("upload-item")).toHaveLength(1));
  });

  it("says Uploaded once some files went through, and nothing when all failed", async () => {
    const toast = vi.spyOn(toaster, "create");
    const failing = renderHook(() =>
      useUploadQueue({ upload: () => Promise.reject(new Error("x")), refresh: async () => {} }),
    );
    act(() => failing.result.current.add([{ file: new File(["a"], "a.txt") }]));
    await act(() => failing.result.current.start());
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: "Hochgeladen" }));

    const working = renderHook(() => useUploadQueue({ upload: async () => {}, refresh: async () => {} }));
    act(() => working.result.current.add([{ file: new File(["a"], "a.txt") }, { file: new File(["b"], "b.txt") }]));
    await act(() => working.result.current.start());
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: "success", title: "Hochgeladen" }));
  });

  it("flags a 0-byte file before sending it", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<Harness />);
    choose([new File([], "leer.pdf", { type: "application/pdf" })]);
    expect(await screen.findByText("„leer.pdf“ ist leer (0 Bytes) und kann nicht verarbeitet werden.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Hochladen" }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("upload dialog (issue 32)", () => {
  const DATASET = "d".repeat(32);
  const parseCalls = () => {
    const calls: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (String(input).endsWith(`/datasets/${DATASET}/documents/parse`)) calls.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ code: 0, data: { docs: [], total: 0 } }), {
        headers: { "Content-Type": "application/json" },
      });
    });
    return calls;
  };
  const open = async () => {
    renderWithProviders(<UploadDialog datasetId={DATASET} />);
    fireEvent.click(screen.getByRole("button", { name: "Datei hinzufügen" }));
    return screen.findByRole("dialog", { name: "Dateien hinzufügen" });
  };

  it("parses the uploaded documents right after the upload, as RAGFlow's parse on creation", async () => {
    const calls = parseCalls();
    const dialog = await open();
    expect(
      (within(dialog).getByRole("checkbox", { name: /Nach dem Hochladen verarbeiten/ }) as HTMLInputElement).checked,
    ).toBe(true);
    choose([new File(["a"], "a.txt"), new File(["b"], "b.txt")]);
    fireEvent.click(await within(dialog).findByRole("button", { name: "Hochladen" }));
    await waitFor(() => expect(calls).toEqual([{ document_ids: ["id-a.txt", "id-b.txt"] }]));
  });

  it("leaves the upload unparsed when the switch is off", async () => {
    const calls = parseCalls();
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Nach dem Hochladen verarbeiten/ }));
    choose([new File(["a"], "a.txt")]);
    fireEvent.click(await within(dialog).findByRole("button", { name: "Hochladen" }));
    await within(dialog).findAllByText("Fertig");
    expect(calls).toEqual([]);
  });

  it("asks before closing drops chosen files; cancelling keeps them", async () => {
    parseCalls();
    const dialog = await open();
    choose([new File(["a"], "a.txt")]);
    await within(dialog).findByTestId("upload-item");
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Schließen" })[0] as HTMLElement);
    const confirm = await screen.findByRole("alertdialog", { name: "Ausgewählte Dateien verwerfen?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(within(dialog).getAllByTestId("upload-item")).toHaveLength(1);

    fireEvent.click(within(dialog).getAllByRole("button", { name: "Schließen" })[0] as HTMLElement);
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Verwerfen" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Dateien hinzufügen" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Datei hinzufügen" }));
    await screen.findByRole("dialog", { name: "Dateien hinzufügen" });
    expect(screen.queryAllByTestId("upload-item")).toHaveLength(0);
  });
});
