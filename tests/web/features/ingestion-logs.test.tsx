import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { IngestionLogsPage } from "../../../web/features/knowledge/logs";
import { changeLanguage } from "../../../web/i18n";
import { renderWithProviders } from "../helpers/render";

const ID = "0123456789abcdef0123456789abcdef";
const reply = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "success", data }), { status: 200 });
const SUMMARY = {
  doc_num: 3,
  chunk_num: 12,
  token_num: 3456,
  status: { unstart_count: 0, running_count: 0, cancel_count: 1, done_count: 1, fail_count: 1 },
};

const log = (id: string, name: string, status: string, progress_msg: string, extra: Record<string, unknown> = {}) => ({
  id,
  document_id: `doc-${id}`,
  tenant_id: "t",
  kb_id: ID,
  pipeline_id: null,
  pipeline_title: "",
  parser_id: "naive",
  document_name: name,
  document_suffix: "pdf",
  document_type: "pdf",
  source_from: "local",
  progress: status === "3" ? 1 : -1,
  progress_msg,
  process_begin_at: "Tue, 24 Nov 2026 10:00:00 GMT",
  process_duration: 2.5,
  dsl: {},
  task_type: "Parse",
  operation_status: status,
  avatar: "",
  status: "1",
  create_time: Date.parse("2026-11-24T10:00:03Z"),
  create_date: "",
  update_time: 0,
  update_date: "",
  ...extra,
});
const FILE_LOGS = [
  log("a", "leitlinie.pdf", "3", "10:00:00 Task has been received.\n10:00:02 Task done (2.50s)."),
  log("b", "leer.pdf", "4", "10:00:00 Task has been received.\n10:00:01 [ERROR] The PDF is empty."),
];

// the logs a query asks for: file or dataset logs, filtered by name and status, 20 per page
const api = (datasetLogs: unknown[] = []) =>
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
    const address = new URL(String(url), "http://localhost");
    if (address.pathname.endsWith("/summary")) return reply(SUMMARY);
    const params = address.searchParams;
    const all = params.get("log_type") === "dataset" ? datasetLogs : FILE_LOGS;
    const keywords = params.get("keywords")?.toLowerCase() ?? "";
    const status = params.get("operation_status");
    const logs = (all as { document_name: string; operation_status: string }[]).filter(
      (row) => row.document_name.toLowerCase().includes(keywords) && (!status || row.operation_status === status),
    );
    return reply({ total: logs.length, logs });
  });
const requests = (spy: ReturnType<typeof api>) =>
  spy.mock.calls
    .map(([url]) => new URL(String(url), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/ingestions"));

describe("IngestionLogsPage", () => {
  it("shows the summary and the file logs, filters them and opens one's whole log", async () => {
    const spy = api();
    renderWithProviders(<IngestionLogsPage datasetId={ID} />);
    expect((await screen.findByTestId("summary-documents")).textContent).toContain("3");
    expect(screen.getByTestId("summary-tokens").textContent).toContain("3.456");
    expect(screen.getByTestId("summary-failed").textContent).toContain("1");
    const rows = await screen.findAllByTestId("ingestion-log-row");
    expect(rows.map((row) => within(row).getByTestId("log-status").textContent)).toEqual(["Erfolgreich", "Fehler"]);
    // the catalogue's "[ERROR] …" reads in German; a reason it does not know stays as the server wrote it
    expect(rows[1]?.textContent).toContain("Fehler: The PDF is empty.");
    expect(rows[0]?.textContent).toContain("2,5 s");
    expect(requests(spy)[0]?.searchParams.get("log_type")).toBe("file");

    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "4" } });
    await waitFor(() => expect(screen.getAllByTestId("ingestion-log-row")).toHaveLength(1));
    expect(requests(spy).at(-1)?.searchParams.get("operation_status")).toBe("4");
    fireEvent.change(screen.getByRole("searchbox", { name: "Dateinamen durchsuchen" }), {
      target: { value: "nichts" },
    });
    expect(await screen.findByText("Kein Eintrag passt zu den Filtern.")).toBeTruthy();
    expect(requests(spy).at(-1)?.searchParams.get("keywords")).toBe("nichts");

    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "" } });
    fireEvent.change(screen.getByRole("searchbox", { name: "Dateinamen durchsuchen" }), { target: { value: "" } });
    await waitFor(() => expect(screen.getAllByTestId("ingestion-log-row")).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Details zu „leer.pdf“" }));
    const detail = await screen.findByTestId("ingestion-log-detail");
    expect(within(detail).getByTestId("ingestion-log-text").textContent).toContain(
      "10:00:00 Task has been received.\n10:00:01 Fehler: The PDF is empty.",
    );
    expect(detail.textContent).toContain("Allgemein");
  });

  it("switches to the knowledge base's tasks, in English, with empty states", async () => {
    await changeLanguage("en");
    const raptor = log("r", "RAPTOR", "3", "10:00:05 Task done (5.00s).", {
      document_id: null,
      task_type: "RAPTOR",
      parser_id: "",
    });
    api([raptor]);
    renderWithProviders(<IngestionLogsPage datasetId={ID} />);
    await screen.findAllByTestId("ingestion-log-row");
    fireEvent.click(screen.getByText("Knowledge base tasks"));
    await waitFor(() => expect(screen.getAllByTestId("ingestion-log-row")).toHaveLength(1));
    expect(screen.getByTestId("ingestion-log-row").textContent).toContain("RAPTOR");
    expect(screen.queryByRole("searchbox")).toBeNull();
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "2" } });
    expect(await screen.findByText("No entry matches the filters.")).toBeTruthy();
    await changeLanguage("de");
  });

  it("says how to fill an empty log", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) =>
      String(url).includes("/summary") ? reply(SUMMARY) : reply({ total: 0, logs: [] }),
    );
    renderWithProviders(<IngestionLogsPage datasetId={ID} />);
    expect((await screen.findByTestId("ingestion-logs-empty")).textContent).toContain(
      "Parsen Sie Dateien im Datensatz",
    );
  });
});
