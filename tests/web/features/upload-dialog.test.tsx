import { act, fireEvent, renderHook, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { UPLOAD_FILE_MAX_BYTES } from "../../../worker/contract/limits";
import { toaster } from "../../../web/components/ui/toaster";
import { LocalFilesTab } from "../../../web/components/upload/local-files-tab";
import { useUploadQueue } from "../../../web/components/upload/use-upload-queue";
import { useFileQueue } from "../../../web/features/documents/use-file-queue";
import { renderWithProviders } from "../helpers/render";

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
});
