import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  type Chat,
  type CompletionFrame,
  DEFAULT_ANSWER_THRESHOLD,
  type Session,
} from "../../../worker/contract/chats";
import { callApi } from "../../helpers/worker/api";
import {
  ask,
  createChat,
  createSession,
  parsedDataset,
  streamFrames,
  useLocalChatModel,
} from "../../helpers/worker/chat";
import { createUser } from "../../helpers/worker/factories";

const frames = (envelopes: { data: unknown }[]) =>
  envelopes.map((e) => e.data).filter((d): d is CompletionFrame => typeof d === "object" && d !== null && "final" in d);

describe("chat pipeline with the built-in extractive model", () => {
  it("streams RAGFlow delta frames, cites the chunk it quotes and stores the turn", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const session = await createSession(user, chat.id);
    expect(session.messages).toEqual([
      expect.objectContaining({ role: "assistant", content: chat.prompt_config.prologue }),
    ]);

    const { response, envelopes } = await streamFrames(`/chats/${chat.id}/completions`, user.token, {
      question: "Ab wann wird die Grippeimpfung empfohlen?",
      session_id: session.id,
    });
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    expect(envelopes.at(-1)).toEqual({ code: 0, message: "", data: true });
    const all = frames(envelopes);
    const deltas = all.filter((f) => !f.final);
    const final = all.find((f) => f.final);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((f) => f.session_id === session.id && f.id === final?.id)).toBe(true);
    expect(final?.answer).toBe("");
    expect(final?.content).toContain("ab 60 Jahren");
    expect(final?.content).toMatch(/\[ID:0\]/);
    expect(deltas.map((f) => f.answer).join("")).toBe(final?.content);
    // the built-in model quotes whole sentences and says so, and the answer carries the offline notice as data
    expect(final?.content).toBe(
      "Aus den Quellen:\n\n> Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen. [ID:0]",
    );
    expect(final?.notice).toEqual({ code: "offline_model", message: expect.stringContaining("Offline model") });
    expect(final?.reference).toMatchObject({
      chunks: [expect.objectContaining({ document_name: "impfung.txt" })],
      doc_aggs: [{ doc_name: "impfung.txt", count: 1 }],
    });

    const stored = (await callApi<Session>(`/chats/${chat.id}/sessions/${session.id}`, { token: user.token })).body
      .data;
    expect(stored.messages.map((m) => m.role)).toEqual(["assistant", "user", "assistant"]);
    expect(stored.messages[2]?.content).toBe(final?.content);
    expect(stored.messages[2]?.notice).toEqual(final?.notice);
    expect(stored.reference).toHaveLength(1);
  });

  it("keeps the prompt of each answer only when the assistant shows the prompt icon", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    for (const promptIcon of [true, false]) {
      const chat = await createChat(user, { dataset_ids: [ds.id], prompt_config: { prompt_icon: promptIcon } });
      const res = await ask(user, chat.id, { question: "Wie viel Schlaf?" });
      const stored = (
        await callApi<Session>(`/chats/${chat.id}/sessions/${res.body.data.session_id}`, { token: user.token })
      ).body.data;
      expect(stored.messages.at(-1)?.prompt).toEqual(
        promptIcon ? expect.stringContaining("### Query:\nWie viel Schlaf?") : undefined,
      );
    }
  });

  it("searches only the documents its metadata filter lets through, and refuses the model-written methods", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const docs = (
      await callApi<{ docs: { id: string; name: string }[] }>(`/datasets/${ds.id}/documents`, { token: user.token })
    ).body.data.docs;
    for (const doc of docs) {
      await callApi(`/datasets/${ds.id}/documents/${doc.id}`, {
        method: "PATCH",
        token: user.token,
        json: { meta_fields: { Quelle: doc.name === "impfung.txt" ? "STIKO" : "DGSM" } },
      });
    }
    const filter = { method: "manual", logic: "and", manual: [{ key: "Quelle", op: "=", value: "STIKO" }] };
    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      meta_data_filter: filter,
      prompt_config: { empty_response: "Dazu weiß ich nichts." },
    });
    expect(chat.meta_data_filter).toEqual(filter);
    // the sleep document would answer, but its source is filtered out
    const sleep = await ask(user, chat.id, { question: "Wie viel Schlaf brauchen Erwachsene?" });
    expect(sleep.body.data.reference.chunks.map((chunk) => chunk.document_name)).not.toContain("schlaf.txt");
    const vaccine = await ask(user, chat.id, { question: "Ab wann wird die Grippeimpfung empfohlen?" });
    expect(vaccine.body.data.reference.chunks.map((chunk) => chunk.document_name)).toEqual(["impfung.txt"]);

    const off = await callApi<Chat>(`/chats/${chat.id}`, {
      method: "PATCH",
      token: user.token,
      json: { meta_data_filter: { method: "disabled" } },
    });
    expect(off.body.data.meta_data_filter).toEqual({ method: "disabled", logic: "and", manual: [] });
    expect(
      (await ask(user, chat.id, { question: "Wie viel Schlaf brauchen Erwachsene?" })).body.data.reference.chunks.map(
        (chunk) => chunk.document_name,
      ),
    ).toContain("schlaf.txt");

    const unknown = await callApi(`/chats/${chat.id}`, {
      method: "PATCH",
      token: user.token,
      json: { meta_data_filter: { method: "magic" } },
    });
    expect(unknown.body).toMatchObject({
      code: 102,
      message: expect.stringContaining("Input should be 'disabled', 'manual', 'auto' or 'semi_auto'"),
    });
  });

  it("lets the chat model write the metadata filter (auto, semi_auto), searching everything when it passes no document", async () => {
    const user = await createUser();
    const llm = await useLocalChatModel(user);
    const ds = await parsedDataset(user);
    const docs = (
      await callApi<{ docs: { id: string; name: string }[] }>(`/datasets/${ds.id}/documents`, { token: user.token })
    ).body.data.docs;
    for (const doc of docs) {
      await callApi(`/datasets/${ds.id}/documents/${doc.id}`, {
        method: "PATCH",
        token: user.token,
        json: { meta_fields: { Quelle: doc.name === "impfung.txt" ? "STIKO" : "DGSM", Jahr: 2024 } },
      });
    }
    const chat = await createChat(user, { dataset_ids: [ds.id], llm_id: llm, meta_data_filter: { method: "auto" } });
    const sources = async (question: string) =>
      (await ask(user, chat.id, { question })).body.data.reference.chunks.map((chunk) => chunk.document_name);
    // "DGSM" in the question: the model filters on Quelle = DGSM (its invented field is dropped)
    expect(new Set(await sources("Was sagt die DGSM zu Schlaf und Grippeimpfung?"))).toEqual(new Set(["schlaf.txt"]));
    // a source no document has: no filter rather than nothing
    expect(new Set(await sources("Was sagt die WHO zu Schlaf und Grippeimpfung?"))).toEqual(
      new Set(["impfung.txt", "schlaf.txt"]),
    );
    // semi_auto over Jahr only: the model cannot filter on Quelle
    await callApi(`/chats/${chat.id}`, {
      method: "PATCH",
      token: user.token,
      json: { meta_data_filter: { method: "semi_auto", semi_auto: ["Jahr"] } },
    });
    expect(new Set(await sources("Was sagt die DGSM zu Schlaf und Grippeimpfung?"))).toEqual(
      new Set(["impfung.txt", "schlaf.txt"]),
    );
    await callApi(`/chats/${chat.id}`, {
      method: "PATCH",
      token: user.token,
      json: { meta_data_filter: { method: "semi_auto", semi_auto: [{ key: "Quelle", op: "=" }] } },
    });
    expect(new Set(await sources("Was sagt die STIKO zu Schlaf und Grippeimpfung?"))).toEqual(new Set(["impfung.txt"]));
  });

  it("answers with the empty response without a model call when nothing is found", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      prompt_config: { empty_response: "Dazu weiß ich nichts." },
    });
    const res = await ask(user, chat.id, { question: "Quantenchromodynamik Gluonen" });
    expect(res.body.data.answer).toBe("Dazu weiß ich nichts.");
    expect(res.body.data.reference.chunks).toEqual([]);
    const stats = await callApi<{ totals: { unanswered: number; messages: number } }>(`/chats/${chat.id}/stats`, {
      token: user.token,
    });
    expect(stats.body.data.totals).toMatchObject({ messages: 1, unanswered: 1 });
  });

  it("refuses an off-topic question at the default threshold, with the built-in and a configured model", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const llm = await useLocalChatModel(user);
    const question = "Wie viele Stunden am Tag schläft ein Elefant im Zoo?";
    // at RAGFlow's 0.2 the sleep chunk passes (a shared word or two), so the built-in model would quote it
    const loose = await createChat(user, { dataset_ids: [ds.id], similarity_threshold: 0.2 });
    expect((await ask(user, loose.id, { question })).body.data.reference.chunks.length).toBeGreaterThan(0);

    for (const llmId of ["builtin-extractive@Builtin", llm]) {
      const chat = await createChat(user, { dataset_ids: [ds.id], llm_id: llmId }, true);
      expect(chat.similarity_threshold).toBe(DEFAULT_ANSWER_THRESHOLD);
      const res = await ask(user, chat.id, { question });
      expect(res.body.data.answer).toBe("In den Wissensdatenbanken wurde dazu nichts gefunden.");
      expect(res.body.data.reference.chunks).toEqual([]);
      // the built-in model's refusal is its answer too and carries the notice; a configured model's does not
      expect((res.body.data as { notice?: { code: string } }).notice?.code).toBe(
        llmId === llm ? undefined : "offline_model",
      );
      // on-topic questions still find their chunk
      const onTopic = await ask(user, chat.id, { question: "Wie viel Schlaf brauchen Erwachsene?" });
      expect(onTopic.body.data.reference.chunks.map((chunk) => chunk.document_name)).toEqual(["schlaf.txt"]);
      const stats = await callApi<{ totals: { unanswered: number; messages: number; tokens: number } }>(
        `/chats/${chat.id}/stats`,
        { token: user.token },
      );
      expect(stats.body.data.totals).toMatchObject({ messages: 2, unanswered: 1 });
    }
    const unanswered = await callApi<{ items: { question: string; count: number }[] }>("/evaluation/unanswered", {
      token: user.token,
    });
    expect(unanswered.body.data.items).toEqual([expect.objectContaining({ question, count: 2 })]);
  });

  it("creates a session when none is given and refuses an empty question", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const res = await ask(user, chat.id, { question: "Wie viel Schlaf brauchen Erwachsene?" });
    expect(res.body.data.answer).toContain("sieben bis neun Stunden");
    const sessions = await callApi<Session[]>(`/chats/${chat.id}/sessions`, { token: user.token });
    expect(sessions.body.data.map((s) => s.id)).toEqual([res.body.data.session_id]);
    expect((await ask(user, chat.id, { question: "  " })).body).toMatchObject({
      code: 102,
      message: "Please input your question.",
    });
    expect((await ask(user, chat.id, { messages: [{ role: "assistant", content: "x" }] })).body.message).toBe(
      "The last content of this conversation is not from user.",
    );
  });
});

describe("chat pipeline with a configured model (local OpenAI-compatible server)", () => {
  it("fills the knowledge and variables into the system prompt, with glossary and citation guidelines", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const docs = (
      await callApi<{ docs: { id: string; name: string }[] }>(`/datasets/${ds.id}/documents`, { token: user.token })
    ).body.data.docs;
    const impfung = docs.find((doc) => doc.name === "impfung.txt");
    await callApi(`/datasets/${ds.id}/documents/${impfung?.id}`, {
      method: "PATCH",
      token: user.token,
      json: { meta_fields: { Quelle: "STIKO" } },
    });
    const llm = await useLocalChatModel(user);
    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      llm_id: llm,
      prompt_config: {
        system: "Du hilfst in {stadt}. Wissen:\n{knowledge}",
        parameters: [
          { key: "knowledge", optional: false },
          { key: "stadt", optional: false },
          { key: "ton", optional: true },
        ],
        glossary: [{ term: "STIKO", explanation: "Ständige Impfkommission" }],
      },
    });
    expect((await ask(user, chat.id, { question: "Impfung wissen?" })).body).toMatchObject({
      code: 102,
      message: "Miss parameter: stadt",
    });
    const res = await ask(user, chat.id, { question: "Grippeimpfung wissen?", stadt: "Köln" });
    const answer = res.body.data.answer;
    expect(answer).toContain("Du hilfst in Köln.");
    // the document's metadata stands under its title, as in RAGFlow's knowledge prompt
    expect(answer).toContain("ID: 0\n├── Title: impfung.txt\n├── Quelle: STIKO\n└── Content:\nDie Grippeimpfung");
    expect(answer).toContain("- STIKO: Ständige Impfkommission");
    expect(answer).toContain("# Citations");
  });

  it("keeps the model's own citations, inserts missing ones by similarity, and suggests two follow-up questions", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      llm_id: await useLocalChatModel(user),
      vector_similarity_weight: 0,
    });
    const own = await ask(user, chat.id, { question: "Grippeimpfung ab 60 Jahren, zitiere" });
    expect(own.body.data.answer).toBe("Antwort auf: Grippeimpfung ab 60 Jahren, zitiere [ID:0]");
    expect(own.body.data.related_questions).toEqual(["Wer zahlt die Impfung?", "Wann sollte man impfen?"]);
    const inserted = await ask(user, chat.id, { question: "Grippeimpfung ab 60 Jahren empfohlen" });
    expect(inserted.body.data.answer).toMatch(/^Antwort auf: Grippeimpfung ab 60 Jahren empfohlen \[ID:0\]$/);
    expect(inserted.body.data.reference.doc_aggs).toEqual([
      { doc_name: "impfung.txt", doc_id: expect.any(String), count: 1 },
    ]);
  });

  it("with LLM for quotes lets the chat model place the citations, falling back to similarity when it changed the text", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      llm_id: await useLocalChatModel(user),
      vector_similarity_weight: 0,
      prompt_config: { llm_for_quotes: true },
    });
    const placed = (await ask(user, chat.id, { question: "Grippeimpfung ab 60 Jahren empfohlen" })).body.data;
    // the model put its marker after the word it cites, where the similarity rule never puts one (sentence ends)
    expect(placed.answer).toBe(
      `Antwort auf: Grippeimpfung [ID:${/\[ID:(\d+)\]/.exec(placed.answer)?.[1]}] ab 60 Jahren empfohlen`,
    );
    const cited = Number(/\[ID:(\d+)\]/.exec(placed.answer)?.[1]);
    expect(placed.reference.chunks[cited]?.content).toContain("Grippeimpfung");
    // a reply that changes the answer is not taken: the answer stays as written, cited by similarity
    const rewritten = (await ask(user, chat.id, { question: "Grippeimpfung ab 60 Jahren empfohlen, umschreiben" })).body
      .data;
    expect(rewritten.answer).toMatch(/^Antwort auf: Grippeimpfung ab 60 Jahren empfohlen, umschreiben \[ID:\d+\]$/);
    // switched off, the similarity rule places them
    expect(
      (
        await callApi(`/chats/${chat.id}`, {
          method: "PATCH",
          token: user.token,
          json: { prompt_config: { llm_for_quotes: false } },
        })
      ).body.code,
    ).toBe(0);
    const similar = (await ask(user, chat.id, { question: "Grippeimpfung ab 60 Jahren empfohlen" })).body.data;
    expect(similar.answer).toMatch(/^Antwort auf: Grippeimpfung ab 60 Jahren empfohlen \[ID:\d+\]$/);
  });

  it("refines a follow-up question from the history before retrieval (multi-turn optimisation)", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], llm_id: await useLocalChatModel(user) });
    const first = await ask(user, chat.id, { question: "Was ist mit der Grippeimpfung?" });
    const second = await ask(user, chat.id, { question: "Und für wen?", session_id: first.body.data.session_id });
    const turns = await env.DB.prepare("SELECT question FROM chat_turns WHERE dialog_id = ? ORDER BY create_time")
      .bind(chat.id)
      .all<{ question: string }>();
    expect(turns.results.map((t) => t.question)).toEqual(["Was ist mit der Grippeimpfung?", "Und für wen?"]);
    expect(second.body.data.prompt).toContain(
      "### Query:\nEigenständig: Was ist mit der Grippeimpfung? / Und für wen?",
    );
    expect(second.body.data.reference.chunks[0]?.document_name).toBe("impfung.txt");
  });

  it("self-RAG grades the chunks and searches again with a rewritten question when they do not fit", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, {
      dataset_ids: [ds.id],
      llm_id: await useLocalChatModel(user),
      prompt_config: { self_rag: true },
      similarity_threshold: 0.1,
    });
    // "Schlaf" finds the sleep chunk, which the grader judges irrelevant; the rewrite asks about vaccination
    const res = await ask(user, chat.id, { question: "Schlaf und Abwehr" });
    expect(res.body.data.reference.chunks.map((c) => c.document_name)).toContain("impfung.txt");
    expect(res.body.data.prompt).toContain("### Query:\nGrippeimpfung Senioren");
  });

  it("a client abort cancels the upstream model call and keeps the partial answer", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], llm_id: await useLocalChatModel(user, "slow-stream") });
    const session = await createSession(user, chat.id);
    const before = (await (await fetch(`${env.TEST_OPENAI_URL}/aborted-streams`)).json()) as { aborted: number };
    const { SELF } = await import("cloudflare:test");
    const response = await SELF.fetch(`http://buddy.test/api/v1/chats/${chat.id}/completions`, {
      method: "POST",
      headers: { Authorization: user.token, "Content-Type": "application/json" },
      body: JSON.stringify({ question: "Grippeimpfung?", session_id: session.id }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = "";
    while (!received.includes("Teil 15")) received += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    let after = before;
    for (let i = 0; i < 30 && after.aborted === before.aborted; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await (await fetch(`${env.TEST_OPENAI_URL}/aborted-streams`)).json()) as { aborted: number };
    }
    expect(after.aborted).toBe(before.aborted + 1);
    // the question and the part of the answer said before the stop stay in the conversation
    let stored = (await callApi<Session>(`/chats/${chat.id}/sessions/${session.id}`, { token: user.token })).body.data;
    for (let i = 0; i < 30 && stored.messages.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = (await callApi<Session>(`/chats/${chat.id}/sessions/${session.id}`, { token: user.token })).body.data;
    }
    expect(stored.messages.at(-2)?.content).toBe("Grippeimpfung?");
    expect(stored.messages.at(-1)?.content).toMatch(/^Teil 1 /);
  });
});
