import assert from "node:assert/strict";
import { signUp, uniqueEmail } from "./helpers.mjs";

// An owner invites a second user who accepts, works in the team and sees its shared base; once removed, it is gone.
export const tests = [
  [
    "invite a member who accepts, sees the team knowledge base, and loses access when removed",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      await page.evaluate(async () => {
        const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
        await fetch("/api/v1/datasets", { method: "POST", headers, body: JSON.stringify({ name: "Team-Wissen", permission: "team" }) });
        await fetch("/api/v1/datasets", { method: "POST", headers, body: JSON.stringify({ name: "Nur für mich" }) });
      });

      const memberContext = await page.context().browser().newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE" });
      const member = await memberContext.newPage();
      const memberEmail = uniqueEmail();
      try {
        await signUp(member, baseUrl, memberEmail);

        await page.goto(`${baseUrl}/user-setting/team`);
        await page.getByRole("button", { name: "Einladen" }).click();
        await page.getByLabel("E-Mail").fill(memberEmail);
        await page.getByRole("dialog").getByRole("button", { name: "Einladen" }).click();
        await page.locator(`[data-testid=member-row][data-email="${memberEmail}"]`).getByText("Eingeladen").waitFor();

        await member.goto(`${baseUrl}/user-setting/team`);
        const invitation = member.getByTestId("joined-team");
        await invitation.getByText("Eingeladen").waitFor();
        await invitation.getByRole("button", { name: "Annehmen" }).click();
        await member.getByText("Einladung angenommen").waitFor();
        await invitation.getByRole("button", { name: "In diesem Team arbeiten" }).click();
        await member.getByTestId("team-switcher").waitFor();
        await member.screenshot({ path: `${artifacts}/team-member-de.png`, fullPage: true });
        await member.getByRole("link", { name: "Wissensdatenbank" }).first().click();
        await member.getByTestId("dataset-card").filter({ hasText: "Team-Wissen" }).waitFor();
        assert.equal(await member.getByTestId("dataset-card").filter({ hasText: "Nur für mich" }).count(), 0);

        await page.reload();
        const row = page.locator(`[data-testid=member-row][data-email="${memberEmail}"]`);
        await row.getByText("Mitglied").waitFor();
        await page.screenshot({ path: `${artifacts}/team-owner-de.png`, fullPage: true });
        await row.getByRole("button", { name: "Entfernen" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Entfernen" }).click();
        await page.getByText("Entfernt").first().waitFor();
        await row.waitFor({ state: "detached" });

        // the member's next request is refused; the app falls back to the member's own team
        await member.reload();
        await member.getByText("Noch keine Wissensdatenbank").waitFor();
        assert.equal(await member.getByTestId("dataset-card").count(), 0);
        assert.equal(await member.evaluate(() => localStorage.getItem("currentTeam")), null);
      } finally {
        await memberContext.close();
      }
    },
  ],
];
