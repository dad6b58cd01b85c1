import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiSettings } from "../../../web/features/settings/api-settings";
import { renderWithProviders } from "../helpers/render";

const answer = (data: unknown) => new Response(JSON.stringify({ code: 0, message: "", data }), { status: 200 });

const configShown = () => JSON.parse(screen.getByRole("region", { name: "Client-Konfiguration" }).textContent ?? "");

afterEach(() => vi.restoreAllMocks());

describe("Settings → API: the MCP server", () => {
  it("shows the MCP URL and a client configuration that takes a key created on the page", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) =>
      init?.method === "POST"
        ? answer({ token: "ragflow-neu123", create_time: 0 })
        : String(input).includes("/mcp/servers")
          ? answer({ mcp_servers: [], total: 0 })
          : answer([]),
    );
    renderWithProviders(
      <Suspense>
        <ApiSettings />
      </Suspense>,
    );
    const url = `${window.location.origin}/mcp`;
    expect(((await screen.findByRole("textbox", { name: "MCP-URL" })) as HTMLInputElement).value).toBe(url);
    expect(configShown()).toEqual({
      mcpServers: { buddy: { url, headers: { Authorization: "Bearer <API_KEY>" } } },
    });
    fireEvent.click(screen.getByRole("button", { name: /API-Schlüssel erstellen|Schlüssel erstellen/ }));
    await waitFor(() => expect(configShown().mcpServers.buddy.headers.Authorization).toBe("Bearer ragflow-neu123"));
  });
});
