import { animationsDone, openNewBuddy, setLook } from "./helpers.mjs";

// the Save button, unless autosave was first
const saveNow = async (page) => {
  const save = page.getByRole("button", { name: "Speichern", exact: true });
  if (await save.isEnabled()) await save.click();
  await page.getByTestId("save-status").getByText("Gespeichert").waitFor({ timeout: 15_000 });
};

// Version history in the editor: two saves, then the first restored; the canvas shows the restored flow.
export const tests = [
  [
    "saves twice, restores the first save and the canvas shows it",
    async ({ page, baseUrl, artifacts }) => {
      await openNewBuddy(page, baseUrl, "Versionen");
      const editor = page.getByTestId("flow-editor");

      await page.getByRole("button", { name: "Wikipedia hinzufügen" }).click();
      await editor.getByTestId("flow-node").filter({ hasText: "Wikipedia" }).waitFor();
      await saveNow(page);
      await page.getByRole("button", { name: "PubMed hinzufügen" }).click();
      await editor.getByTestId("flow-node").filter({ hasText: "PubMed" }).waitFor();
      await saveNow(page);

      await page.getByRole("button", { name: "Versionen" }).click();
      const panel = page.getByTestId("versions-panel");
      const rows = panel.getByTestId("version-row");
      await rows.nth(2).waitFor();
      if ((await rows.count()) !== 3) throw new Error(`expected 3 versions, saw ${await rows.count()}`);
      await rows.nth(0).getByTestId("version-changes").getByText("+1 hinzugefügt").waitFor();
      // the first save (Wikipedia added), opened: against the canvas, PubMed is what it lacks
      const firstSave = rows.nth(1);
      await firstSave.getByRole("button", { name: "Ansehen" }).click();
      await firstSave
        .getByTestId("version-details")
        .getByText(/entfernt: PubMed:/)
        .waitFor();
      await page.screenshot({ path: `${artifacts}/agent-versions-de.png` });

      // publishing: asks first, then the newest version is the published one
      await page.getByRole("button", { name: "Version veröffentlichen", exact: true }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText("Bisher ist keine Version veröffentlicht.").waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-publish-confirm-de.png` });
      await confirm.getByRole("button", { name: "Version veröffentlichen", exact: true }).click();
      await page.getByText(/^Version vom .* veröffentlicht$/).waitFor();
      await rows.nth(0).getByTestId("version-release").getByText("Veröffentlicht").waitFor();
      if ((await panel.getByTestId("version-release").count()) !== 1)
        throw new Error("only the newest version should be marked published");
      await rows.nth(2).getByTestId("version-changes").getByText("Erste Version").waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-published-de.png` });

      await firstSave.getByRole("button", { name: "Wiederherstellen" }).click();
      await page.getByText("Version wiederhergestellt").waitFor();
      await editor.getByTestId("flow-node").filter({ hasText: "Wikipedia" }).waitFor();
      await editor.getByTestId("flow-node").filter({ hasText: "PubMed" }).waitFor({ state: "detached" });
      // the restore is the newest version, and a reload shows the same flow
      await page.getByRole("button", { name: "Versionen" }).click();
      await panel.getByTestId("version-row").nth(3).waitFor();
      await setLook(page, "dark", "en");
      await editor.getByTestId("flow-node").filter({ hasText: "Wikipedia" }).waitFor();
      if ((await editor.getByTestId("flow-node").filter({ hasText: "PubMed" }).count()) !== 0)
        throw new Error("the restored flow still has PubMed after a reload");
      await page.getByRole("button", { name: "Versions" }).click();
      await page.getByTestId("versions-panel").getByTestId("version-row").nth(3).waitFor();
      // the published save is still marked after the restore
      await page.getByTestId("versions-panel").getByTestId("version-release").getByText("Published").waitFor();
      await page.screenshot({ path: `${artifacts}/agent-versions-en-dark.png` });
      await page.getByRole("button", { name: "Publish version", exact: true }).click();
      await page
        .getByRole("alertdialog")
        .getByText(/^Currently published: the version of /)
        .waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${artifacts}/agent-publish-confirm-en-dark.png` });
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
      await setLook(page, "light", "de", { reload: false });
    },
  ],
];
