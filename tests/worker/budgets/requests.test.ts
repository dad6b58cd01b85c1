import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ShareToken } from "../../../worker/contract/share";
import type { D1Tally } from "../../../worker/platform/d1-meter";
import { pdfFile } from "../../helpers/fixtures/pdf";
import { BASE, callApi } from "../../helpers/worker/api";
import { createChat, parsedDataset } from "../../helpers/worker/chat";
import { expectWithinBudget, measureD1 } from "../../helpers/worker/d1-budget";
import { createDataset, createUser, parseDocs, type TestUser, uploadFiles } from "../../helpers/worker/factories";

// Budgets per hot request, set from the figures measured after removing waste (docs/benchmarks/edge.md). Round trips
// count sequential D1 calls (a batch or concurrent calls once); work after the response (the usage count) is in.
const BUDGETS = {
  streamedCompletion: { roundTrips: 9, primaryRoundTrips: 3, statements: 16, rowsRead: 140, rowsWritten: 7 },
  sharePageShell: { roundTrips: 1, primaryRoundTrips: 0, statements: 1, rowsRead: 1, rowsWritten: 0 },
  sharedChatInfo: { roundTrips: 3, primaryRoundTrips: 1, statements: 4, rowsRead: 6, rowsWritten: 2 },
  shareFirstAnswer: { roundTrips: 10, primaryRoundTrips: 3, statements: 20, rowsRead: 106, rowsWritten: 11 },
  widgetFirstMessage: { roundTrips: 10, primaryRoundTrips: 4, statements: 20, rowsRead: 118, rowsWritten: 13 },
  documentList: { roundTrips: 3, primaryRoundTrips: 0, statements: 4, rowsRead: 10, rowsWritten: 0 },
  // one more round trip since a finished parse looks for test sets to re-run (issue 37); the document's progress is
  // recounted at most once a second, so a machine busy with other test files adds a recount or two (39 → 43 trips)
  parsePer10Pages: { roundTrips: 45, primaryRoundTrips: 25, statements: 62, rowsRead: 150, rowsWritten: 140 },
} satisfies Record<string, D1Tally>;

const QUESTION = "Wie viel Schlaf brauchen Erwachsene?";
const VISITOR = "visitor-budget-aaaaaaaa";

const stream = async (path: string, token: string, json: unknown, headers: Record<string, string> = {}) => {
  const response = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(json),
  });
  return { status: response.status, text: await response.text() };
};

const sharedChat = async () => {
  const owner = await createUser();
  const dataset = await parsedDataset(owner);
  const chat = await createChat(owner, {
    name: "budget",
    dataset_ids: [dataset.id],
    llm_id: "builtin-extractive@Builtin",
  });
  const link = (await callApi<ShareToken>(`/chats/${chat.id}/share-tokens`, { token: owner.token, json: {} })).body
    .data;
  return { owner, chat, link: link.token };
};

const visitorPath = (chatId: string, path: string, visitor = VISITOR) =>
  `/share/chats/${chatId}${path}?visitor_id=${visitor}`;

describe("D1 budgets of the hot requests", { timeout: 60_000 }, () => {
  it("a streamed chat completion", async () => {
    const { owner, chat } = await sharedChat();
    const session = (await callApi<{ id: string }>(`/chats/${chat.id}/sessions`, { token: owner.token, json: {} })).body
      .data;
    const { result, cost } = await measureD1(() =>
      stream(`/chats/${chat.id}/completions`, owner.token, {
        question: QUESTION,
        session_id: session.id,
        stream: true,
      }),
    );
    expect(result.text).toContain('"data":true');
    expectWithinBudget("streamed completion", cost, BUDGETS.streamedCompletion);
  });

  it("the share page's first load: its shell and the chat's public face", async () => {
    const { chat, link } = await sharedChat();
    const shell = await measureD1(() => SELF.fetch(`http://buddy.test/chat/share?shared_id=${chat.id}&auth=${link}`));
    expect(shell.result.headers.get("Content-Security-Policy")).toContain("frame-ancestors");
    expectWithinBudget("share page shell", shell.cost, BUDGETS.sharePageShell);
    const info = await measureD1(() => callApi(visitorPath(chat.id, ""), { token: `Bearer ${link}` }));
    expect(info.result.body.code).toBe(0);
    expectWithinBudget("shared chat info", info.cost, BUDGETS.sharedChatInfo);
  });

  it("the share page's first answer, in the session it opened", async () => {
    const { chat, link } = await sharedChat();
    const session = (
      await callApi<{ id: string }>(visitorPath(chat.id, "/sessions"), { token: `Bearer ${link}`, json: {} })
    ).body.data;
    const { result, cost } = await measureD1(() =>
      stream(visitorPath(chat.id, "/completions"), `Bearer ${link}`, {
        question: QUESTION,
        session_id: session.id,
        stream: true,
      }),
    );
    expect(result.text).toContain('"data":true');
    expectWithinBudget("share first answer", cost, BUDGETS.shareFirstAnswer);
  });

  it("a widget's first message: no session yet, from the embedding site", async () => {
    const { chat, link } = await sharedChat();
    const { result, cost } = await measureD1(() =>
      stream(
        visitorPath(chat.id, "/completions", "visitor-widget-bbbbbbbb"),
        `Bearer ${link}`,
        { question: QUESTION, stream: true },
        { Origin: "http://buddy.test" },
      ),
    );
    expect(result.text).toContain('"data":true');
    expectWithinBudget("widget first message", cost, BUDGETS.widgetFirstMessage);
  });

  it("the document list", async () => {
    const user = await createUser();
    const dataset = await parsedDataset(user);
    const { result, cost } = await measureD1(() =>
      callApi<{ docs: unknown[] }>(`/datasets/${dataset.id}/documents?page=1&page_size=30`, { token: user.token }),
    );
    expect(result.body.data.docs.length).toBe(2);
    expectWithinBudget("document list", cost, BUDGETS.documentList);
  });

  it("parsing a 10-page PDF, request and tasks", async () => {
    const user: TestUser = await createUser();
    const dataset = await createDataset(user);
    const pages = Array.from({ length: 10 }, (_page, page) => ({
      lines: Array.from(
        { length: 30 },
        (_, line) => `Seite ${page + 1}, Zeile ${line + 1}: Der Bericht beschreibt die Lage.`,
      ),
    }));
    const file = new File([pdfFile(pages)], "bericht.pdf", { type: "application/pdf" });
    const [doc] = (await uploadFiles(user, dataset.id, [file])).body.data;
    const { cost } = await measureD1(async () => {
      await parseDocs(user, dataset.id, [doc!.id]);
      // polled straight through the binding, outside the meter
      for (let tries = 0; tries < 300; tries++) {
        const row = await env.DB.prepare("SELECT run, chunk_num FROM documents WHERE id = ?")
          .bind(doc!.id)
          .first<{ run: string; chunk_num: number }>();
        if (row?.run === "3" || row?.run === "4") return row;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    const settled = await env.DB.prepare("SELECT run, chunk_num FROM documents WHERE id = ?").bind(doc!.id).first();
    expect(settled).toMatchObject({ run: "3" });
    expectWithinBudget("parse 10 pages", cost, BUDGETS.parsePer10Pages);
  });
});
