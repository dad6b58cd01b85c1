import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReleaseButton } from "../../../web/features/agents/editor/release-button";
import { VersionsPanel } from "../../../web/features/agents/editor/versions-panel";
import type { AgentVersionSummary } from "../../../worker/contract/agent-versions";
import type { Dsl } from "../../../worker/contract/agents";
import { renderWithProviders } from "../helpers/render";

const AGENT_ID = "a".repeat(32);
const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: "success", data }), {
    headers: { "Content-Type": "application/json" },
  });
const NO_CHANGES = { added: [], removed: [], changed: [], other: false };
const version = (id: string, time: number, fields: Partial<AgentVersionSummary> = {}): AgentVersionSummary => ({
  id,
  user_canvas_id: AGENT_ID,
  title: `Ada_Triage_${id}`,
  description: null,
  release: false,
  create_time: time,
  update_time: time,
  create_date: "",
  update_date: "",
  changes: NO_CHANGES,
  first: false,
  ...fields,
});
const canvas: Dsl = { components: {}, graph: { nodes: [], edges: [] }, globals: {} } as unknown as Dsl;

afterEach(() => vi.restoreAllMocks());

describe("publishing from the editor", () => {
  it("saves first, then publishes after a confirmation and says which version is published", async () => {
    let versions = [
      version("v2", Date.UTC(2026, 10, 2, 9)),
      version("v1", Date.UTC(2026, 10, 1, 9), { release: true }),
    ];
    const calls: { url: string; method: string; body?: unknown }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const call = {
        url: String(input),
        method: init?.method ?? "GET",
        body: init?.body && JSON.parse(String(init.body)),
      };
      calls.push(call);
      if (call.method === "PUT") {
        versions = versions.map((row) => (row.id === "v2" ? { ...row, release: true } : row));
        return json(true);
      }
      return json(versions);
    });
    const order: string[] = [];
    const beforeRelease = vi.fn(async () => {
      order.push("save");
      return true;
    });
    renderWithProviders(<ReleaseButton agentId={AGENT_ID} beforeRelease={beforeRelease} />);
    fireEvent.click(await screen.findByRole("button", { name: "Version veröffentlichen" }));
    const dialog = await screen.findByRole("alertdialog");
    await within(dialog).findByText(/^Veröffentlicht ist bisher die Version vom 01\.11\.2026/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Version veröffentlichen" }));
    // the dialog closes, and the button now names the newly published version
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Version veröffentlichen" }).title).toMatch(
        /^Veröffentlicht ist bisher die Version vom 02\.11\.2026/,
      ),
    );
    const put = calls.find((call) => call.method === "PUT");
    expect(put).toEqual({ url: `/api/v1/agents/${AGENT_ID}`, method: "PUT", body: { release: true } });
    expect(beforeRelease).toHaveBeenCalledTimes(1);
    expect(calls.indexOf(put as (typeof calls)[number])).toBeGreaterThan(0);
    expect(order).toEqual(["save"]);
  });

  it("publishes nothing when the pending save fails", async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? "GET"} ${String(input)}`);
      return json([]);
    });
    renderWithProviders(<ReleaseButton agentId={AGENT_ID} beforeRelease={async () => false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Version veröffentlichen" }));
    const dialog = await screen.findByRole("alertdialog");
    await within(dialog).findByText("Bisher ist keine Version veröffentlicht.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Version veröffentlichen" }));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Version veröffentlichen" })).toBeTruthy());
    expect(calls.filter((call) => call.startsWith("PUT"))).toEqual([]);
  });
});

describe("the versions panel", () => {
  const panel = (versions: AgentVersionSummary[], readOnly = false) => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(versions));
    renderWithProviders(
      <VersionsPanel
        agentId={AGENT_ID}
        canvas={canvas}
        readOnly={readOnly}
        saveState="saved"
        beforeRestore={async () => true}
        onRestored={() => {}}
        onClose={() => {}}
      />,
    );
  };

  it("marks the published version and earlier releases, and the flow's first version", async () => {
    panel([
      version("v4", 4000),
      version("v3", 3000, { release: true }),
      version("v2", 2000, { release: true }),
      version("v1", 1000, { first: true }),
    ]);
    const rows = await screen.findAllByTestId("version-row");
    expect(rows.map((row) => within(row).queryByTestId("version-release")?.textContent ?? null)).toEqual([
      null,
      "Veröffentlicht",
      "Früher veröffentlicht",
      null,
    ]);
    expect(within(rows[3] as HTMLElement).getByTestId("version-changes").textContent).toBe("Erste Version");
  });

  it("calls the oldest version left after pruning the oldest kept one, not the first", async () => {
    panel([version("v22", 2000), version("v21", 1000)]);
    const rows = await screen.findAllByTestId("version-row");
    expect(within(rows[1] as HTMLElement).getByTestId("version-changes").textContent).toBe(
      "Älteste gespeicherte Version",
    );
  });
});
