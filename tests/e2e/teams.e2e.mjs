import assert from "node:assert/strict";
import { signUp, uniqueEmail } from "./helpers.mjs";

// An owner invites a second user who accepts, works in the team and sees its shared base; once removed, it is gone.
export const tests = [
  [
    "invite a member who accepts, sees the team knowledge base, and loses access when removed",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const agentId = await page.evaluate(async () => {
        const headers = { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" };
        await fetch("/api/v1/datasets", {
          method: "POST",
          headers,
          body: JSON.stringify({ name: "Team-Wissen", permission: "team" }),
        });
        await fetch("/api/v1/datasets", { method: "POST", headers, body: JSON.stringify({ name: "Nur für mich" }) });
        const [template] = (await (await fetch("/api/v1/agents/templates", { headers })).json()).data;
        await fetch("/api/v1/agents", {
          method: "POST",
          headers,
          body: JSON.stringify({ title: "Team-Buddy", dsl: template.dsl, permission: "team" }),
        });
        const agents = (await (await fetch("/api/v1/agents", { headers })).json()).data.canvas;
        return agents.find((agent) => agent.title === "Team-Buddy").id;
      });

      const memberContext = await page
        .context()
        .browser()
        .newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE" });
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

        // the owner's team Buddy opens read-only for the member: no palette, no saving
        await member.goto(`${baseUrl}/flow/${agentId}`);
        await member.getByTestId("read-only-note").waitFor();
        await member.getByTestId("read-only-badge").filter({ hasText: "Nur lesen" }).waitFor();
        assert.equal(await member.getByRole("button", { name: "Speichern" }).count(), 0);
        await member.screenshot({ path: `${artifacts}/agent-read-only-de.png` });
        await member.goto(`${baseUrl}/knowledge`);
        await member.getByTestId("dataset-card").filter({ hasText: "Team-Wissen" }).waitFor();

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
