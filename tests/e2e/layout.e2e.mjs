import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { animationsDone, parsedKnowledgeBase, signUp } from "./helpers.mjs";
import { sharedChatUrl } from "./first-load.e2e.mjs";

const WIDTHS = [390, 768, 1280, 1920];
const NAV_DE = [
  "Wissensdatenbank",
  "Chat",
  "Dateiverwaltung",
  "Buddys erstellen",
  "Schnelltest",
  "Gedächtnis",
  "Start",
];

// The document is no wider than the window: nothing is cut off or needs sideways scrolling.
const assertNoOverflow = async (page, label) => {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${label}: document ${scrollWidth} px wide in a ${clientWidth} px window`);
};

// The router changes the address without a page load.
const waitForPath = (page, path) => page.waitForFunction((expected) => location.pathname === expected, path);

const navLinks = async (page, name = "Hauptnavigation") => {
  const links = page.getByRole("navigation", { name }).getByRole("link");
  await links.last().waitFor();
  return links.allInnerTexts();
};

// Every main page of both route sets, the shared chat and the sign-in page.
const mainPages = (datasetId, chatId) => [
  ["knowledge", "/knowledge"],
  ["kb-dataset", `/knowledge/dataset?id=${datasetId}`],
  ["kb-testing", `/knowledge/testing?id=${datasetId}`],
  ["kb-configuration", `/knowledge/configuration?id=${datasetId}`],
  ["chat", `/chat?dialogId=${chatId}`],
  ["file", "/file"],
  ["flow", "/flow"],
  ["search", "/search"],
  ["memory", "/memory"],
  ["user-setting", "/user-setting/profile"],
  ["user-setting-model", "/user-setting/model"],
  ["evaluation", `/evaluation/${chatId}`],
  ["home", "/home"],
  ["datasets", "/datasets"],
  ["dataset-setting", `/dataset/setting?id=${datasetId}`],
  ["next-chat", `/next-chat?dialogId=${chatId}`],
  ["agent", "/agent"],
  ["next-search", "/next-search"],
  ["profile-setting", "/profile-setting/profile"],
];

const firstChatId = (page) =>
  page.evaluate(async () => {
    const response = await fetch("/api/v1/chats", { headers: { Authorization: localStorage.getItem("token") } });
    return (await response.json()).data.chats[0].id;
  });

export const tests = [
  [
    "both route sets share one navigation: the same items in the same order, the same frame",
    async ({ page, baseUrl }) => {
      await signUp(page, baseUrl);
      assert.deepEqual(await navLinks(page), NAV_DE);
      const classicHref = await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link").first();
      assert.equal(await classicHref.getAttribute("href"), "/knowledge");

      await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Start" }).click();
      await waitForPath(page, "/home");
      // within the new-style set the items lead to its own pages, in the same frame
      const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
      await nav.locator('a[href="/datasets"]').waitFor();
      assert.deepEqual(await navLinks(page), NAV_DE);
      assert.equal(await page.locator("header").count(), 1);
      await nav.getByRole("link", { name: "Wissensdatenbank" }).click();
      await waitForPath(page, "/datasets");
      await nav.locator('a[href="/datasets"][aria-current="page"]').waitFor();
      assert.deepEqual(await navLinks(page), NAV_DE);
      await nav.getByRole("link", { name: "Chat" }).click();
      await waitForPath(page, "/next-chat");
      await nav.locator('a[href="/next-chat"][aria-current="page"]').waitFor();
      assert.equal(await page.locator("header").count(), 1);
    },
  ],
  [
    "every main page fits 390, 768, 1280 and 1920 px; on a phone the navigation opens from a menu button",
    async ({ page, baseUrl, artifacts }) => {
      const dir = `${artifacts}/responsive`;
      mkdirSync(dir, { recursive: true });
      await signUp(page, baseUrl);
      const datasetId = await parsedKnowledgeBase(page, "Gesundheit");
      const shareUrl = await sharedChatUrl(page, baseUrl);
      const chatId = await firstChatId(page);
      const pages = [...mainPages(datasetId, chatId), ["share", shareUrl.replace(baseUrl, "")]];
      // each page loaded once, then shown at every width (its layout follows the window as on a real screen)
      for (const [name, path] of pages) {
        await page.setViewportSize({ width: WIDTHS[0], height: 844 });
        await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
        await page
          .locator("[aria-busy=true]")
          .first()
          .waitFor({ state: "detached" })
          .catch(() => undefined);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
          await animationsDone(page);
          await page.screenshot({ path: `${dir}/${name}-${width}.png` });
          await assertNoOverflow(page, `${name} at ${width} px`);
        }
      }

      // at 390 px the links sit behind the menu button; the menu lists them all and leads to the page
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl}/knowledge`);
      const inline = page.locator("header nav");
      await page.getByTestId("nav-menu").waitFor();
      assert.equal(await inline.isVisible(), false);
      await page.getByTestId("nav-menu").click();
      const drawer = page.getByRole("dialog").getByRole("navigation", { name: "Hauptnavigation" });
      await drawer.getByRole("link", { name: "Schnelltest" }).waitFor();
      assert.deepEqual(await drawer.getByRole("link").allInnerTexts(), NAV_DE);
      await animationsDone(page);
      await page.screenshot({ path: `${dir}/menu-de-light-390.png` });
      await drawer.getByRole("link", { name: "Schnelltest" }).click();
      await waitForPath(page, "/search");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      // the same in English and dark
      await page.getByTestId("theme-toggle").click();
      await page.getByTestId("language-menu").click();
      await page.getByTestId("language-en").click();
      await page.getByTestId("nav-menu").click();
      const drawerEn = page.getByRole("dialog").getByRole("navigation", { name: "Main navigation" });
      await drawerEn.getByRole("link", { name: "Knowledge Base" }).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${dir}/menu-en-dark-390.png` });
      await assertNoOverflow(page, "menu in English at 390 px");
    },
  ],
  [
    "the chat toolbar keeps every action in view at 1280 px, and the knowledge base's side navigation stays on screen",
    async ({ page, baseUrl, artifacts }) => {
      await signUp(page, baseUrl);
      const datasetId = await parsedKnowledgeBase(page, "Gesundheit");
      await page.evaluate(async (id) => {
        await fetch("/api/v1/chats", {
          method: "POST",
          headers: { Authorization: localStorage.getItem("token"), "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Ein Assistent mit einem recht langen Namen", dataset_ids: [id] }),
        });
      }, datasetId);
      const chatId = await firstChatId(page);
      await page.goto(`${baseUrl}/chat?dialogId=${chatId}`);
      const configure = page.getByRole("button", { name: "Konfigurieren" });
      await configure.waitFor();
      const pane = await page.getByTestId("assistant-actions").locator("..").boundingBox();
      const box = await configure.boundingBox();
      assert.ok(box.x + box.width <= pane.x + pane.width, `"Konfigurieren" ends at ${box.x + box.width}`);
      assert.ok(box.x + box.width <= 1280);
      await page.screenshot({ path: `${artifacts}/chat-toolbar-1280.png` });

      await page.goto(`${baseUrl}/knowledge/configuration?id=${datasetId}`);
      const side = page.getByRole("navigation", { name: "Bereiche der Wissensdatenbank" });
      await side.waitFor();
      await page.mouse.wheel(0, 5000);
      await page.waitForFunction(() => window.scrollY > 400);
      const sideBox = await side.boundingBox();
      assert.ok(sideBox.y >= 56 && sideBox.y + sideBox.height <= 800, `side navigation at ${sideBox.y}`);
      await page.screenshot({ path: `${artifacts}/kb-configuration-scrolled.png` });
    },
  ],
];
