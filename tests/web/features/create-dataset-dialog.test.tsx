import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../../web/components/ui/toaster";
import { CreateDatasetDialog } from "../../../web/features/knowledge/create-dataset-dialog";
import { changeLanguage } from "../../../web/i18n";
import { DATASET_NAME_MAX } from "../../../worker/contract/datasets";
import { renderWithProviders } from "../helpers/render";

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: "", data }), { headers: { "Content-Type": "application/json" } });

// the server answers with the name it gave: "(1)" appended when the name is taken, as in RAGFlow
const mockCreate = (givenName: (asked: string) => string) =>
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    if (init?.method === "POST" && String(input).endsWith("/api/v1/datasets")) {
      const asked = (JSON.parse(String(init.body)) as { name: string }).name;
      return envelope({ id: "d".repeat(32), name: givenName(asked) });
    }
    return envelope([]);
  });

const renderDialog = () => {
  const root = createRootRoute({ component: Outlet });
  const list = createRoute({ getParentRoute: () => root, path: "/", component: () => <CreateDatasetDialog /> });
  const detail = createRoute({ getParentRoute: () => root, path: "/knowledge/dataset", component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([list, detail]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  return renderWithProviders(<RouterProvider router={router} />);
};

const openDialog = async (buttonName: string) => {
  fireEvent.click(await screen.findByRole("button", { name: buttonName }));
  return screen.getByRole("dialog");
};

const submitName = (dialog: HTMLElement, name: string, submitLabel: string) => {
  fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: name } });
  fireEvent.click(within(dialog).getByRole("button", { name: submitLabel }));
};

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage("de");
});

describe("creating a knowledge base", () => {
  it("says an empty name is required and a long one names its limit, in German and English", async () => {
    const create = mockCreate((asked) => asked);
    renderDialog();
    const dialog = await openDialog("Wissensdatenbank erstellen");
    submitName(dialog, "   ", "Erstellen");
    expect(await within(dialog).findByText("Dieses Feld ist erforderlich.")).toBeTruthy();
    expect(within(dialog).queryByText("Ungültiger Wert.")).toBeNull();
    submitName(dialog, "x".repeat(DATASET_NAME_MAX + 1), "Erstellen");
    expect(
      await within(dialog).findByText(`Der Wert ist zu lang (höchstens ${DATASET_NAME_MAX} Zeichen).`),
    ).toBeTruthy();
    await changeLanguage("en");
    expect(
      await within(dialog).findByText(`The value is too long (at most ${DATASET_NAME_MAX} characters).`),
    ).toBeTruthy();
    submitName(dialog, "", "Create");
    expect(await within(dialog).findByText("This field is required.")).toBeTruthy();
    expect(create.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);
  });

  it("tells the user the name the server gave when theirs was taken", async () => {
    mockCreate((asked) => `${asked}(1)`);
    const toast = vi.spyOn(toaster, "create");
    const view = renderDialog();
    submitName(await openDialog("Wissensdatenbank erstellen"), "Leitlinien", "Erstellen");
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "success",
          title: "Erstellt als „Leitlinien(1)“: Eine Wissensdatenbank namens „Leitlinien“ gibt es schon.",
        }),
      ),
    );
    // after creating, the dialog has opened the new base; a fresh one asks in English
    view.unmount();
    await changeLanguage("en");
    renderDialog();
    submitName(await openDialog("Create knowledge base"), "Guidelines", "Create");
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Created as “Guidelines(1)”: a knowledge base named “Guidelines” already exists.",
        }),
      ),
    );
  });

  it('says only "created" when the name was free', async () => {
    mockCreate((asked) => asked);
    const toast = vi.spyOn(toaster, "create");
    renderDialog();
    submitName(await openDialog("Wissensdatenbank erstellen"), "Leitlinien", "Erstellen");
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Erstellt" })));
  });
});
