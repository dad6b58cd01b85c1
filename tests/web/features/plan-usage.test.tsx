import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatBytes, roundPercent, usageRows } from "../../../web/features/plan/usage-rows";
import { PlanPage } from "../../../web/features/plan/plan-page";
import { PLAN_LIMITS, type Usage } from "../../../worker/contract/usage";
import { renderWithProviders } from "../helpers/render";

const makeUsage = (overrides: Partial<Usage["usage"]> = {}, plan: Usage["plan"] = "free"): Usage => ({
  plan,
  day: "2026-10-12",
  usage: {
    requests_today: 25_000,
    requests_month: 300_000,
    database_bytes: 450_000_000,
    storage_bytes: 12_000_000_000,
    vector_dimensions: 1_024,
    documents: 12,
    chunks: 340,
    ...overrides,
  },
  limits: PLAN_LIMITS[plan],
});

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

const mockUsage = (responses: Response[]) => {
  const spy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => responses.shift() ?? answer({ code: 0, data: makeUsage() }));
  return spy;
};

describe("usage rows", () => {
  it("turns the free plan's usage into rows with percent and level, in the contract's order", () => {
    const rows = usageRows(makeUsage());
    expect(rows.map((row) => row.key)).toEqual([
      "requests_today",
      "requests_month",
      "database_bytes",
      "storage_bytes",
      "vector_dimensions",
      "documents",
      "chunks",
    ]);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.requests_today).toMatchObject({ percent: 25, level: "ok" });
    // 450 MB of 500 MB: above 80 %
    expect(byKey.database_bytes).toMatchObject({ percent: 90, level: "warning" });
    // above the included 10 GB: the bar stops at 100 %
    expect(byKey.storage_bytes).toMatchObject({ percent: 100, level: "exceeded" });
    // free has no monthly limit, and documents have none at all
    expect(byKey.requests_month).toMatchObject({ percent: null, level: "unlimited" });
    expect(byKey.documents).toMatchObject({ percent: null, level: "unlimited", value: 12 });
  });

  it("uses the paid plan's limits and leaves an unknown database size without a bar", () => {
    const rows = usageRows(makeUsage({ database_bytes: null, requests_month: 9_000_000 }, "paid"));
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.requests_today).toMatchObject({ percent: null, level: "unlimited" });
    expect(byKey.requests_month).toMatchObject({ percent: 90, level: "warning" });
    expect(byKey.database_bytes).toMatchObject({ value: null, percent: null });
  });

  it("formats bytes in decimal units and percentages without claiming 0 % or 100 % too early", () => {
    expect(formatBytes(500_000_000)).toBe("500 MB");
    expect(formatBytes(10_000_000_000)).toBe("10 GB");
    expect(formatBytes(1_536_000)).toBe("1,5 MB");
    expect(formatBytes(999)).toBe("999 B");
    expect(roundPercent(0)).toBe("0");
    expect(roundPercent(0.02)).toBe("<1");
    expect(roundPercent(99.6)).toBe(">99");
    expect(roundPercent(100)).toBe("100");
    expect(roundPercent(42.4)).toBe("42");
  });
});

describe("PlanPage", () => {
  it("shows the plan, one bar per limited item with its percent, and warns above 80 %", async () => {
    mockUsage([answer({ code: 0, message: "success", data: makeUsage() })]);
    renderWithProviders(<PlanPage />);
    expect((await screen.findByTestId("current-plan")).textContent).toBe("Workers Free");
    // the day the figures are from, written the German way
    expect(screen.getByText("Stand: 12.10.2026 (UTC)")).toBeTruthy();
    const requests = screen.getByTestId("usage-requests_today");
    expect(within(requests).getByTestId("usage-value").textContent).toBe("25.000 von 100.000");
    expect(within(requests).getByTestId("usage-percent").textContent).toBe("25 %");
    expect(within(requests).getByRole("progressbar", { name: "API-Anfragen heute: 25 % belegt" })).toBeTruthy();
    expect(requests.dataset.level).toBe("ok");

    const database = screen.getByTestId("usage-database_bytes");
    expect(database.dataset.level).toBe("warning");
    expect(within(database).getByText("Über 80 % der Grenze")).toBeTruthy();
    expect(within(database).getByTestId("usage-value").textContent).toBe("450 MB von 500 MB");

    const storage = screen.getByTestId("usage-storage_bytes");
    expect(within(storage).getByText("Grenze erreicht")).toBeTruthy();
    expect(within(storage).getByText("inklusive, darüber kostenpflichtig")).toBeTruthy();

    const documents = screen.getByTestId("usage-documents");
    expect(within(documents).queryByRole("progressbar")).toBeNull();
    expect(within(documents).getByText("keine Tarifgrenze")).toBeTruthy();

    expect(screen.getByRole("link", { name: /Preise und Grenzen bei Cloudflare/ }).getAttribute("href")).toBe(
      "https://developers.cloudflare.com/workers/platform/pricing/",
    );
    expect(screen.getByText(/CF_PLAN = "paid"/)).toBeTruthy();
    const comparison = screen.getByRole("table", { name: "Grenzen im Vergleich" });
    expect(within(comparison).getByText("100.000 (Obergrenze)")).toBeTruthy();
    expect(within(comparison).getByText("10 GB (Obergrenze)")).toBeTruthy();
  });

  it("shows the error with a retry that loads the usage again", async () => {
    const spy = mockUsage([
      answer({ code: 100, message: "D1 unavailable", data: null }),
      answer({ code: 0, data: makeUsage({}, "paid") }),
    ]);
    renderWithProviders(<PlanPage />);
    expect((await screen.findByRole("alert")).textContent).toContain("D1 unavailable");
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect((await screen.findByTestId("current-plan")).textContent).toBe("Workers Paid");
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
  });
});
