import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ComponentName } from "../../../worker/contract/agents";
import { createAgent, flow, runAgent } from "../../helpers/worker/agents";
import { BASE, callApi } from "../../helpers/worker/api";
import { parsedDataset, useLocalChatModel } from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const single = async (
  user: TestUser,
  name: ComponentName,
  params: Record<string, unknown>,
  question: string,
  output = "content",
) => {
  const agent = await createAgent(
    user,
    flow([
      ["begin", "Begin", {}, [`${name}:c`]],
      [`${name}:c`, name, params, ["Message:out"]],
      ["Message:out", "Message", { content: [`{${name}:c@${output}}`] }],
    ]),
  );
  return (await runAgent(user, agent.id, { question })).body.data;
};

describe("LLM components with a configured chat model (local OpenAI-compatible server)", () => {
  it("Generate sends the rendered prompts; RewriteQuestion, KeywordExtract and Translate use the model's answer", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    expect(
      (
        await single(
          user,
          "Generate",
          { llm_id: llm, sys_prompt: "Du bist freundlich.", prompt: "Frage: {sys.query}" },
          "Grippe?",
        )
      ).content,
    ).toBe("Antwort auf: Frage: Grippe?");
    expect((await single(user, "RewriteQuestion", { llm_id: llm }, "und für Kinder?")).content).toBe(
      "Umformuliert: und für Kinder?",
    );
    expect((await single(user, "KeywordExtract", { llm_id: llm, top_n: 2 }, "Ab wann Grippeimpfung?")).content).toBe(
      "Grippeimpfung, Senioren",
    );
    expect((await single(user, "Translate", { llm_id: llm, target_lang: "Englisch" }, "Guten Morgen")).content).toBe(
      "Übersetzt (Englisch): Guten Morgen",
    );
  });

  it("Categorize and Relevant follow the model's decision", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const routed = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Categorize:c"]],
        [
          "Categorize:c",
          "Categorize",
          {
            llm_id: llm,
            category_description: {
              Termin: { description: "Termine", to: "Message:t" },
              Symptome: { description: "Beschwerden", to: "Message:s" },
            },
          },
          ["Message:t", "Message:s"],
        ],
        ["Message:t", "Message", { content: ["Termin"] }],
        ["Message:s", "Message", { content: ["Symptome"] }],
      ]),
    );
    // "Fieber" has no words in common with the categories: only the model's answer can route it
    expect((await runAgent(user, routed.id, { question: "Fieber seit gestern" })).body.data.content).toBe("Symptome");
    const gate = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Relevant:r"]],
        [
          "Relevant:r",
          "Relevant",
          { llm_id: llm, criteria: "Gesundheit", yes: "Message:y", no: "Message:n" },
          ["Message:y", "Message:n"],
        ],
        ["Message:y", "Message", { content: ["ja"] }],
        ["Message:n", "Message", { content: ["nein"] }],
      ]),
    );
    expect((await runAgent(user, gate.id, { question: "Wann zur Impfung?" })).body.data.content).toBe("ja");
    expect((await runAgent(user, gate.id, { question: "Wie wird das Wetter?" })).body.data.content).toBe("nein");
  });

  it("with the built-in model, Generate quotes the retrieved knowledge and KeywordExtract takes the question's terms", async () => {
    const user = await createUser();
    const dataset = await parsedDataset(user);
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Retrieval:kb"]],
        ["Retrieval:kb", "Retrieval", { kb_ids: [dataset.id] }, ["Generate:g"]],
        [
          "Generate:g",
          "Generate",
          { sys_prompt: "Wissen:\n{Retrieval:kb@formalized_content}", prompt: "{sys.query}" },
          ["Answer:a"],
        ],
        ["Answer:a", "Answer", {}, []],
      ]),
    );
    const answer = (await runAgent(user, agent.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" })).body
      .data as Awaited<ReturnType<typeof runAgent>>["body"]["data"] & {
      reference: { chunks: { content: string; document_name: string }[] } | null;
    };
    // whole sentences under "Aus den Quellen:", one quote line per chunk
    expect(answer.content).toMatch(
      /^Aus den Quellen:\n\n> Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen\.[^\n]*\[ID:(\d+)\]$/,
    );
    expect(answer.content).not.toContain("Schlaf");
    const cited = Number(/\[ID:(\d+)\]/.exec(answer.content)?.[1]);
    expect(answer.reference?.chunks[cited]?.content).toContain("Grippeimpfung");
    expect(answer.reference?.chunks[cited]?.document_name).toBe("impfung.txt");
    // the cited chunk is the stored one: its id opens it through the chunks API
    const citedChunk = (answer.reference?.chunks[cited] ?? {}) as {
      id?: string;
      document_id?: string;
      dataset_id?: string;
      positions?: unknown[];
    };
    const stored = await callApi<{ content_with_weight: string }>(
      `/datasets/${citedChunk.dataset_id}/documents/${citedChunk.document_id}/chunks/${citedChunk.id}`,
      { token: user.token },
    );
    expect(stored.body.data.content_with_weight).toContain("Grippeimpfung");
    expect(Array.isArray(citedChunk.positions)).toBe(true);

    const uncited = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Retrieval:kb"]],
        ["Retrieval:kb", "Retrieval", { kb_ids: [dataset.id] }, ["Generate:g"]],
        [
          "Generate:g",
          "Generate",
          { sys_prompt: "{Retrieval:kb@formalized_content}", prompt: "{sys.query}", cite: false },
          ["Answer:a"],
        ],
        ["Answer:a", "Answer", {}, []],
      ]),
    );
    const plain = (await runAgent(user, uncited.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" })).body
      .data;
    expect(plain.content).not.toMatch(/\[ID:/);
    expect((await single(user, "KeywordExtract", { top_n: 2 }, "Grippeimpfung für Senioren")).content).toMatch(
      /^grippeimpfung, senior/,
    );
  });

  it("Generate answers with the Retrieval's empty response when it found nothing, and quotes knowledge given in the prompt", async () => {
    const user = await createUser();
    const dataset = await parsedDataset(user);
    const withEmpty = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Retrieval:kb"]],
        [
          "Retrieval:kb",
          "Retrieval",
          { kb_ids: [dataset.id], empty_response: "Dazu weiß ich nichts." },
          ["Generate:g"],
        ],
        [
          "Generate:g",
          "Generate",
          {
            sys_prompt: "Beantworte die Frage mit dem Wissen unten.\n\n{Retrieval:kb@formalized_content}",
            prompt: "{sys.query}",
          },
          ["Answer:a"],
        ],
        ["Answer:a", "Answer", {}, []],
      ]),
    );
    const nothing = await runAgent(user, withEmpty.id, { question: "Quantenphysik Teilchenbeschleuniger" });
    expect(nothing.body.data.content).toBe("Dazu weiß ich nichts.");
    expect(
      (await runAgent(user, withEmpty.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" })).body.data.content,
    ).toMatch(/^Aus den Quellen:\n\n> Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen/);

    // a configured model is not asked when nothing was found
    const llm = await useLocalChatModel(user);
    const modelled = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Retrieval:kb"]],
        ["Retrieval:kb", "Retrieval", { kb_ids: [dataset.id], empty_response: "Nichts gefunden." }, ["Generate:g"]],
        [
          "Generate:g",
          "Generate",
          {
            llm_id: llm,
            sys_prompt: "Du hilfst.",
            prompt: "Wissen: {Retrieval:kb@formalized_content}\nFrage: {sys.query}",
          },
          ["Answer:a"],
        ],
        ["Answer:a", "Answer", {}, []],
      ]),
    );
    expect(
      (await runAgent(user, modelled.id, { question: "Quantenphysik Teilchenbeschleuniger" })).body.data.content,
    ).toBe("Nichts gefunden.");

    // knowledge in the prompt: the built-in model quotes and cites it as from the system prompt
    const inPrompt = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Retrieval:kb"]],
        ["Retrieval:kb", "Retrieval", { kb_ids: [dataset.id] }, ["Generate:g"]],
        [
          "Generate:g",
          "Generate",
          { sys_prompt: "", prompt: "{sys.query}\n\n{Retrieval:kb@formalized_content}" },
          ["Answer:a"],
        ],
        ["Answer:a", "Answer", {}, []],
      ]),
    );
    const quoted = (await runAgent(user, inPrompt.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" })).body
      .data as unknown as { content: string; reference: { chunks: unknown[] } | null };
    expect(quoted.content).toMatch(
      /^Aus den Quellen:\n\n> Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen\.[^\n]*\[ID:\d+\]$/,
    );
    expect(quoted.reference?.chunks.length).toBeGreaterThan(0);
  });

  it("streams Generate's answer while it is written when a Message or Answer shows it, once, with thinking left out", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const thinking = await useLocalChatModel(user, "thinking-model");
    const streamed = async (dsl: Parameters<typeof createAgent>[1]) => {
      const agent = await createAgent(user, dsl);
      const response = await SELF.fetch(`${BASE}/agents/chat/completions`, {
        method: "POST",
        headers: { Authorization: user.token, "Content-Type": "application/json" },
        body: JSON.stringify({ agent_id: agent.id, question: "Grippe?", stream: true }),
      });
      const events = (await response.text())
        .split("\n\n")
        .filter((line) => line.startsWith("data:{"))
        .map(
          (line) => JSON.parse(line.slice(5)) as { event: string; data: { component_id?: string; content?: string } },
        );
      const text = events
        .filter((event) => event.event === "message")
        .map((event) => event.data.content)
        .join("");
      const end = (await runAgent(user, agent.id, { question: "Grippe?" })).body.data.content;
      return { events, text, end };
    };

    const toMessage = await streamed(
      flow([
        ["begin", "Begin", {}, ["Generate:g"]],
        ["Generate:g", "Generate", { llm_id: llm, prompt: "Frage: {sys.query}" }, ["Message:m"]],
        ["Message:m", "Message", { content: ["{Generate:g@content}"] }],
      ]),
    );
    expect(toMessage.text).toBe("Antwort auf: Frage: Grippe?");
    expect(toMessage.end).toBe(toMessage.text);
    // the pieces arrive while Generate runs, before its node_finished
    const firstPiece = toMessage.events.findIndex((event) => event.event === "message");
    const generated = toMessage.events.findIndex(
      (event) => event.event === "node_finished" && event.data.component_id === "Generate:g",
    );
    expect(toMessage.events.filter((event) => event.event === "message").length).toBeGreaterThan(1);
    expect(firstPiece).toBeLessThan(generated);

    // a greeting first, then the streamed answer through an Answer with no content of its own, a blank line between
    const greeted = await streamed(
      flow([
        ["begin", "Begin", {}, ["Message:hi"]],
        ["Message:hi", "Message", { content: ["Hallo!"] }, ["Generate:g"]],
        ["Generate:g", "Generate", { llm_id: thinking, prompt: "Frage: {sys.query}" }, ["Answer:a"]],
        ["Answer:a", "Answer", {}, []],
      ]),
    );
    expect(greeted.text).toBe("Hallo!\n\nAntwort auf: Frage: Grippe?");
    expect(greeted.end).toBe(greeted.text);
    expect(greeted.text).not.toContain("legen");

    // a Message that adds to the answer is shown when it runs, not streamed
    const framed = await streamed(
      flow([
        ["begin", "Begin", {}, ["Generate:g"]],
        ["Generate:g", "Generate", { llm_id: llm, prompt: "{sys.query}" }, ["Message:m"]],
        ["Message:m", "Message", { content: ["Ergebnis: {Generate:g@content}"] }],
      ]),
    );
    expect(framed.text).toBe("Ergebnis: Antwort auf: Grippe?");
    const framedPiece = framed.events.findIndex((event) => event.event === "message");
    expect(framedPiece).toBeGreaterThan(
      framed.events.findIndex((event) => event.event === "node_finished" && event.data.component_id === "Generate:g"),
    );
  });

  it("Generate sends the sampling parameters it sets and keeps message_history_window_size turns of history", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Generate:g"]],
        [
          "Generate:g",
          "Generate",
          { llm_id: llm, prompt: "{sys.query}", top_p: 0.3, presence_penalty: 0.4, message_history_window_size: 1 },
          ["Answer:a"],
        ],
        ["Answer:a", "Answer", {}, []],
      ]),
    );
    const first = await runAgent(user, agent.id, { question: "Parameter?" });
    expect(JSON.parse(first.body.data.content)).toEqual({
      top_p: 0.3,
      presence_penalty: 0.4,
      frequency_penalty: null,
      messages: 1,
    });
    const session_id = first.body.data.session_id;
    await runAgent(user, agent.id, { question: "Parameter?", session_id });
    const third = await runAgent(user, agent.id, { question: "Parameter?", session_id });
    // one turn of history (question and answer) before the question
    expect(JSON.parse(third.body.data.content).messages).toBe(3);
  });
});
