import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HomePage } from "../../../web/features/home/home-page";
import { PLAN_LIMITS, type Usage } from "../../../worker/contract/usage";
import { renderWithProviders } from "../helpers/render";

const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code: 0, message: "success", data, ...extra }), { status: 200 });
const fail = (code: number, message: string) =>
  new Response(JSON.stringify({ code, message, data: null }), { status: 200 });

const hex = (n: number) => n.toString(16).padStart(32, "0");
const dataset = (n: number) => ({
  id: hex(n),
  name: `Basis ${n}`,
  document_count: n,
  chunk_count: n * 10,
  update_time: 1_700_000_000_000,
});
const chat = (n: number) => ({ id: hex(100 + n), name: `Assistent ${n}`, update_time: 1_700_000_000_000 });
const agent = (n: number) => ({ id: hex(200 + n), title: `Buddy ${n}`, update_time: 1_700_000_000_000 });
const usage: Usage = {
  plan: "free",
  day: "2026-10-12",
  usage: {
    requests_today: 85_000,
    requests_month: 90_000,
    database_bytes: 1_000_000,
    storage_bytes: 2_000_000,
    vector_dimensions: 5_120,
    documents: 9,
    chunks: 90,
  },
  limits: PLAN_LIMITS.free,
};

const mockApi = (routes: Record<string, () => Response>) =>
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = String(input).split("?")[0] ?? "";
    const answer = routes[`${init?.method ?? "GET"} ${path}`];
    return answer ? answer() : new Response("not found", { status: 404 });
  });

const renderHome = () => {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: "/", component: HomePage });
  const router = createRouter({
    routeTree: root.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  return renderWithProviders(<RouterProvider router={router} />);
};

const card = async (kind: string) => screen.findByTestId(`home-card-${kind}`);

describe("HomePage", () => {
  it("greets the user and lists the most recent bases, assistants and flows with their totals and links", async () => {
    mockApi({
      "GET /api/v1/users/me": () => ok({ id: hex(999), nickname: "Dr. Sommer", email: "s@buddy.test" }),
      "GET /api/v1/datasets": () => ok([1, 2, 3, 4, 5, 6].map(dataset), { total_datasets: 14 }),
      "GET /api/v1/chats": () => ok({ chats: [1, 2, 3, 4, 5, 6, 7, 8].map(chat), total: 8 }),
      "GET /api/v1/agents": () => ok({ canvas: [1, 2].map(agent), total: 2 }),
      "GET /api/v1/searches": () =>
        ok({ search_apps: [{ id: hex(300), name: "Leitlinien-Suche", update_time: 1_700_000_000_000 }], total: 1 }),
      "GET /api/v1/usage": () => ok(usage),
    });
    renderHome();
    expect(await screen.findByRole("heading", { name: "Hallo, Dr. Sommer" })).toBeTruthy();

    const datasets = await card("dataset");
    expect(await within(datasets).findByText("Basis 1")).toBeTruthy();
    expect(within(datasets).getByTestId("home-card-total").textContent).toBe("14");
    expect(within(datasets).getByText("Basis 1").closest("a")?.getAttribute("href")).toBe(
      `/dataset/dataset?id=${hex(1)}`,
    );
    expect(within(datasets).getByText("2 Dokumente · 20 Abschnitte")).toBeTruthy();
    expect(within(datasets).getByRole("link", { name: "Alle anzeigen" }).getAttribute("href")).toBe("/datasets");

    const chats = await card("chat");
    expect(await within(chats).findByText("Assistent 1")).toBeTruthy();
    // the six most recent of eight
    expect(within(chats).getAllByRole("listitem")).toHaveLength(6);
    expect(within(chats).getByTestId("home-card-total").textContent).toBe("8");
    expect(within(chats).getByText("Assistent 2").closest("a")?.getAttribute("href")).toBe(
      `/next-chat?dialogId=${hex(102)}`,
    );

    const flows = await card("agent");
    expect(await within(flows).findByText("Buddy 2")).toBeTruthy();
    expect(within(flows).getByText("Buddy 2").closest("a")?.getAttribute("href")).toBe(`/flow/${hex(202)}`);

    const searches = await card("search");
    expect((await within(searches).findByText("Leitlinien-Suche")).closest("a")?.getAttribute("href")).toBe(
      `/next-search?id=${hex(300)}`,
    );

    const requests = await screen.findByTestId("home-usage-requests_today");
    expect(requests.textContent).toContain("85.000 · 85 %");
    expect(within(requests).getByRole("progressbar", { name: "API-Anfragen heute: 85 % belegt" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Tarif und Nutzung ansehen" }).getAttribute("href")).toBe(
      "/profile-setting/plan",
    );
    expect(screen.getByRole("button", { name: "Wissensdatenbank anlegen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Assistent anlegen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Buddy anlegen" })).toBeTruthy();
  });

  it("shows empty states per card, and the search apps' failure without breaking the page", async () => {
    mockApi({
      "GET /api/v1/users/me": () => ok({ id: hex(999), nickname: "", email: "s@buddy.test" }),
      "GET /api/v1/datasets": () => ok([], { total_datasets: 0 }),
      "GET /api/v1/chats": () => ok({ chats: [], total: 0 }),
      "GET /api/v1/agents": () => ok({ canvas: [], total: 0 }),
      "GET /api/v1/searches": () => fail(100, "boom"),
      "GET /api/v1/usage": () => fail(102, "usage down"),
    });
    renderHome();
    expect(await screen.findByRole("heading", { name: "Hallo" })).toBeTruthy();
    expect(await within(await card("dataset")).findByText("Noch keine Wissensdatenbank.")).toBeTruthy();
    expect(await within(await card("chat")).findByText("Noch kein Assistent.")).toBeTruthy();
    expect(await within(await card("agent")).findByText("Noch kein Buddy.")).toBeTruthy();
    expect(within(await card("search")).queryByText("Noch keine Such-App.")).toBeNull();
    expect((await within(await card("search")).findByRole("alert")).textContent).toBe(
      "Die Such-Apps konnten nicht geladen werden.",
    );
    expect((await within(await card("usage")).findByRole("alert")).textContent).toContain("usage down");
  });
});
