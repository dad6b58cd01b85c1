import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toaster } from "../../../web/components/ui/toaster";
import { IndexTaskPanel } from "../../../web/features/knowledge/configuration/index-task-panel";
import { KnowledgeGraphButton } from "../../../web/features/knowledge/configuration/knowledge-graph-dialog";
import { MindMapButton } from "../../../web/features/knowledge/configuration/mind-map-dialog";
import { changeLanguage } from "../../../web/i18n";
import { renderWithProviders } from "../helpers/render";

const ID = "0123456789abcdef0123456789abcdef";
const PATH = `/api/v1/datasets/${ID}/index?type=raptor`;
// a knowledge base with a chat model that writes (the built-in one cannot build these indexes)
const WRITER = "gpt-4o-mini@OpenAI";
const reply = (code: number, data: unknown, message = "success") =>
  new Response(JSON.stringify({ code, message, data }), { status: 200 });

const task = (progress: number, progress_msg: string, extra: Record<string, unknown> = {}) => ({
  id: "t1",
  doc_id: "d1",
  from_page: 100_000_000,
  to_page: 100_000_000,
  task_type: "raptor",
  priority: 0,
  begin_at: "Tue, 24 Nov 2026 10:00:00 GMT",
  process_duration: 2.5,
  progress,
  progress_msg,
  retry_count: 1,
  digest: "",
  chunk_ids: "",
  create_time: 0,
  create_date: "",
  update_time: 0,
  update_date: "",
  ...extra,
});

// GET answers `before` until POST or DELETE, then `after` for a second (or for good), then `later`;
// POST and DELETE answer `mutation`
const api = (
  before: unknown,
  after: unknown,
  later: unknown = after,
  mutation = reply(0, { raptor_task_id: "t2" }),
) => {
  let changedAt = Infinity;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    if (init?.method === "POST" || init?.method === "DELETE") {
      changedAt = Date.now();
      return mutation.clone();
    }
    return reply(0, Date.now() < changedAt ? before : Date.now() < changedAt + 1000 ? after : later);
  });
};
const calls = (spy: ReturnType<typeof api>, method: string) =>
  spy.mock.calls.filter(([, init]) => init?.method === method).map(([url]) => String(url));

describe("IndexTaskPanel (RAPTOR)", () => {
  it("starts a build and follows it until done", async () => {
    const spy = api(
      {},
      task(0.5, "10:00:00 impfen.txt: clustering 3 chunks."),
      task(1, "10:00:00 impfen.txt: clustering 3 chunks.\n10:00:02 Task done (2.50s).", { chunk_ids: "a b" }),
    );
    renderWithProviders(<IndexTaskPanel datasetId={ID} datasetLlmId={WRITER} type="raptor" />);
    expect(await screen.findByText("Noch nicht erzeugt")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Zusammenfassungen löschen" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Zusammenfassungen erzeugen" }));
    await waitFor(() => expect(calls(spy, "POST")).toEqual([PATH]));
    expect(await screen.findByText("Läuft")).toBeTruthy();
    expect(screen.getByText("50%")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Neu erzeugen" }).hasAttribute("disabled")).toBe(true);
    // polled every 2 s while running
    expect(await screen.findByText("Fertig", {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText("2 Zusammenfassungen in 2,5 s")).toBeTruthy();
    expect(screen.getByTestId("raptor-last-line").textContent).toBe("10:00:02 Fertig (2.50 s).");
    fireEvent.click(screen.getByRole("button", { name: "Protokoll anzeigen" }));
    expect((await screen.findByTestId("raptor-log")).textContent).toContain("clustering 3 chunks");
  });

  it("shows a refused start and a failed task's reason", async () => {
    const failed = task(
      -1,
      "10:00:00 Task has been received.\n10:00:01 [ERROR] RAPTOR stopped after 3 failed summaries: boom",
    );
    const spy = api(
      failed,
      failed,
      failed,
      reply(102, null, "RAPTOR needs a chat model to write its summaries: set one up in the model settings."),
    );
    const toast = vi.spyOn(toaster, "create");
    renderWithProviders(<IndexTaskPanel datasetId={ID} datasetLlmId={WRITER} type="raptor" />);
    expect(await screen.findByText("Fehlgeschlagen")).toBeTruthy();
    expect(screen.getByTestId("raptor-last-line").textContent).toContain("Fehler: RAPTOR stopped");
    fireEvent.click(screen.getByRole("button", { name: "Neu erzeugen" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "error",
          description:
            "RAPTOR braucht ein Chat-Modell, das die Zusammenfassungen schreibt: Richten Sie eines in den Modelleinstellungen ein.",
        }),
      ),
    );
    expect(calls(spy, "POST")).toHaveLength(1);
    expect(screen.getByText("Fehlgeschlagen")).toBeTruthy();
  });

  it("deletes the summaries after asking, in English too", async () => {
    const spy = api(task(1, "10:00:02 Task done (2.50s).", { chunk_ids: "a" }), {}, {}, reply(0, true));
    await changeLanguage("en");
    try {
      renderWithProviders(<IndexTaskPanel datasetId={ID} datasetLlmId={WRITER} type="raptor" />);
      expect(await screen.findByText("1 summary in 2.5 s")).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: "Delete summaries" }));
      const dialog = await screen.findByRole("alertdialog");
      expect(within(dialog).getByText("Delete the RAPTOR summaries?")).toBeTruthy();
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
      await waitFor(() => expect(calls(spy, "DELETE")).toEqual([PATH]));
      expect(await screen.findByText("Not built yet")).toBeTruthy();
    } finally {
      await changeLanguage("de");
    }
  });
});

describe("IndexTaskPanel (knowledge graph)", () => {
  const GRAPH = {
    graph: {
      nodes: [
        {
          id: "ROBERT KOCH-INSTITUT",
          entity_name: "ROBERT KOCH-INSTITUT",
          entity_type: "organization",
          description: "Bundesinstitut.",
          pagerank: 0.5,
          source_id: ["c1"],
        },
        {
          id: "BERLIN",
          entity_name: "BERLIN",
          entity_type: "geo",
          description: "Hauptstadt.",
          pagerank: 0.5,
          source_id: ["c1"],
        },
        {
          id: "STIKO",
          entity_name: "STIKO",
          entity_type: "organization",
          description: "",
          pagerank: 0,
          source_id: ["c2"],
        },
      ],
      edges: [{ source: "BERLIN", target: "ROBERT KOCH-INSTITUT", description: "Sitz.", weight: 5, source_id: ["c1"] }],
    },
    mind_map: {},
    community_reports: [
      {
        title: "Das RKI in Berlin",
        summary: "Das Institut hat seinen Sitz in Berlin.",
        rating: 7.5,
        rating_explanation: "Zentral.",
        findings: [
          { summary: "Sitz", explanation: "Das RKI sitzt in Berlin." },
          { summary: "Aufgabe", explanation: "" },
        ],
        entities: ["ROBERT KOCH-INSTITUT", "BERLIN"],
        level: 0,
        weight: 1,
      },
    ],
  };

  it("builds the graph and shows its entities with their relation counts", async () => {
    const done = task(1, "10:00:00 Knowledge graph: 3 entities, 1 relations.\n10:00:01 Task done (1.00s).", {
      task_type: "graph",
    });
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async (url) => reply(0, String(url).includes("knowledge_graph") ? GRAPH : done));
    renderWithProviders(
      <IndexTaskPanel datasetId={ID} datasetLlmId={WRITER} type="graph">
        <KnowledgeGraphButton datasetId={ID} />
      </IndexTaskPanel>,
    );
    expect(await screen.findByText("Wissensgraph")).toBeTruthy();
    expect(await screen.findByText("Erstellt in 2,5 s")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Graph anzeigen" }));
    const dialog = await screen.findByTestId("knowledge-graph-dialog");
    expect(await within(dialog).findByText("Wissensgraph: 3 Entitäten")).toBeTruthy();
    const table = within(dialog).getByRole("table", { name: "Entitäten" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ["ROBERT KOCH-INSTITUT", "organization", "1"],
      ["BERLIN", "geo", "1"],
      ["STIKO", "organization", "0"],
    ]);
    // the community reports, with their findings folded away
    const reports = within(dialog).getByRole("region", { name: "Community-Berichte (1)" });
    expect(within(reports).getByText("Das RKI in Berlin")).toBeTruthy();
    expect(within(reports).getByText("2 Entitäten · Ebene 0 · Bedeutung 7,5/10")).toBeTruthy();
    expect(within(reports).getByText("Das Institut hat seinen Sitz in Berlin.")).toBeTruthy();
    const findings = within(reports).getByText("2 Erkenntnisse").closest("details") as HTMLDetailsElement;
    expect(findings.open).toBe(false);
    expect(
      within(findings)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Sitz: Das RKI sitzt in Berlin.", "Aufgabe"]);
    expect(spy.mock.calls.map(([url]) => String(url))).toContain(`/api/v1/datasets/${ID}/knowledge_graph`);
  });

  it("says so when the built graph holds no entities", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) =>
      reply(
        0,
        String(url).includes("knowledge_graph")
          ? { graph: { nodes: [], edges: [] }, mind_map: {}, community_reports: [] }
          : task(1, "", { task_type: "graph" }),
      ),
    );
    renderWithProviders(<KnowledgeGraphButton datasetId={ID} />);
    fireEvent.click(screen.getByRole("button", { name: "Graph anzeigen" }));
    expect(await screen.findByText(/Der Graph enthält keine Entitäten/)).toBeTruthy();
  });
});

describe("IndexTaskPanel (mind map)", () => {
  const MAP = {
    id: "Impfen",
    children: [
      { id: "Grippe", children: [{ id: "ab 60 empfohlen", children: [] }] },
      { id: "Reisen", children: [] },
    ],
  };

  it("builds the mind map and shows it as an outline", async () => {
    const spy = api({}, task(1, "10:00:00 Mind map: 4 nodes.\n10:00:01 Task done (1.00s).", { task_type: "mindmap" }));
    renderWithProviders(
      <IndexTaskPanel datasetId={ID} datasetLlmId={WRITER} type="mindmap">
        <MindMapButton datasetId={ID} />
      </IndexTaskPanel>,
    );
    expect(await screen.findByText("Mindmap")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Mindmap erzeugen" }));
    await waitFor(() => expect(calls(spy, "POST")).toEqual([`/api/v1/datasets/${ID}/index?type=mindmap`]));
    spy.mockImplementation(async (url) =>
      reply(
        0,
        String(url).includes("knowledge_graph")
          ? { graph: {}, mind_map: MAP, community_reports: [] }
          : task(1, "10:00:01 Task done (1.00s).", { task_type: "mindmap" }),
      ),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Mindmap anzeigen" }, { timeout: 4000 }));
    const dialog = await screen.findByTestId("mind-map-dialog");
    expect((await within(dialog).findByTestId("mindmap-root")).textContent).toBe("Impfen");
    expect(within(dialog).getByText("ab 60 empfohlen")).toBeTruthy();
  });

  it("says so in English when no mind map is there, and shows a refused start in German", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) =>
      reply(0, String(url).includes("knowledge_graph") ? { graph: {}, mind_map: {}, community_reports: [] } : {}),
    );
    const toast = vi.spyOn(toaster, "create");
    const refused = api(
      {},
      {},
      {},
      reply(102, null, "Mindmap needs a chat model to write the mind map: set one up in the model settings."),
    );
    const { unmount } = renderWithProviders(<IndexTaskPanel datasetId={ID} datasetLlmId={WRITER} type="mindmap" />);
    fireEvent.click(await screen.findByRole("button", { name: "Mindmap erzeugen" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "error",
          description:
            "Die Mindmap braucht ein Chat-Modell, das sie schreibt: Richten Sie eines in den Modelleinstellungen ein.",
        }),
      ),
    );
    expect(calls(refused, "POST")).toHaveLength(1);
    unmount();
    refused.mockImplementation(async (url) =>
      reply(0, String(url).includes("knowledge_graph") ? { graph: {}, mind_map: {}, community_reports: [] } : {}),
    );
    await changeLanguage("en");
    renderWithProviders(<MindMapButton datasetId={ID} />);
    fireEvent.click(screen.getByRole("button", { name: "Show mind map" }));
    expect(await screen.findByText(/The mind map is empty/)).toBeTruthy();
    await changeLanguage("de");
  });
});
