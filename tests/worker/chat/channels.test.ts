import { addLocalModel, setDefaultModels } from "../../helpers/worker/models";
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatStats, Session } from "../../../worker/contract/chats";
import { BASE, callApi } from "../../helpers/worker/api";
import {
  ask,
  createChat,
  createSession,
  parsedDataset,
  streamFrames,
  useLocalChatModel,
} from "../../helpers/worker/chat";
import { createUser, type TestUser } from "../../helpers/worker/factories";

const apiKey = async (user: TestUser) =>
  `Bearer ${(await callApi<{ token: string }>("/system/tokens", { token: user.token, json: {} })).body.data.token}`;

describe("OpenAI-compatible chat completions", () => {
  it("answers in OpenAI's shape with usage, references on request, on both paths", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], llm_id: await useLocalChatModel(user) });
    const key = await apiKey(user);
    for (const prefix of ["openai", "chats_openai"]) {
      const res = await SELF.fetch(`${BASE}/${prefix}/${chat.id}/chat/completions`, {
        method: "POST",
        headers: { Authorization: key, "Content-Type": "application/json" },
        body: JSON.stringify({
          model: "model",
          messages: [{ role: "user", content: "Grippeimpfung ab 60?" }],
          extra_body: { reference: true },
        }),
      });
      const body = (await res.json()) as {
        object: string;
        model: string;
        choices: { message: { content: string; reference: { document_name: string }[] }; finish_reason: string }[];
        usage: { total_tokens: number };
      };
      expect(body).toMatchObject({
        object: "chat.completion",
        model: chat.llm_id,
        choices: [
          { finish_reason: "stop", message: { content: expect.stringContaining("Antwort auf: Grippeimpfung ab 60?") } },
        ],
      });
      // RAGFlow's chunks_format: the references are a list of chunks
      expect(body.choices[0]?.message.reference[0]?.document_name).toBe("impfung.txt");
      expect(body.usage.total_tokens).toBeGreaterThan(0);
      // a configured model writes its answer: no offline notice
      expect(body.choices[0]?.message).not.toHaveProperty("notice");
    }
  });

  it("filters by metadata and adds the documents' metadata to references from extra_body", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const docs = (
      await callApi<{ docs: { id: string; name: string }[] }>(`/datasets/${ds.id}/documents`, { token: user.token })
    ).body.data.docs;
    for (const doc of docs) {
      await callApi(`/datasets/${ds.id}/documents/${doc.id}`, {
        method: "PATCH",
        token: user.token,
        json: { meta_fields: { Quelle: doc.name === "impfung.txt" ? "RKI" : "BZgA", Jahr: 2024 } },
      });
    }
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    type Answer = {
      choices: { message: { reference: { document_name: string; document_metadata?: Record<string, unknown> }[] } }[];
    };
    const openAi = (extra: unknown) =>
      callApi<unknown>(`/openai/${chat.id}/chat/completions`, {
        token: user.token,
        json: { model: "model", messages: [{ role: "user", content: "Grippeimpfung und Schlaf" }], extra_body: extra },
      });
    const withMeta = (await openAi({ reference: true, reference_metadata: { include: true, fields: ["Quelle"] } }))
      .body as unknown as Answer;
    const refs = withMeta.choices[0]?.message.reference ?? [];
    expect(refs.find((chunk) => chunk.document_name === "impfung.txt")?.document_metadata).toEqual({ Quelle: "RKI" });
    // the built-in model's answer says it is a quote, as on Buddy's own routes
    expect(withMeta.choices[0]?.message).toMatchObject({ notice: { code: "offline_model" } });
    const filtered = (
      await openAi({
        reference: true,
        metadata_condition: { conditions: [{ name: "Quelle", comparison_operator: "=", value: "BZgA" }] },
      })
    ).body as unknown as Answer;
    expect(filtered.choices[0]?.message.reference.map((chunk) => chunk.document_name)).toEqual(["schlaf.txt"]);
    expect(filtered.choices[0]?.message.reference[0]?.document_metadata).toBeUndefined();
    expect((await openAi("ja")).body).toMatchObject({ code: 102, message: "extra_body must be an object." });
    expect((await openAi({ metadata_condition: [] })).body).toMatchObject({
      code: 102,
      message: "metadata_condition must be an object.",
    });
    expect((await openAi({ reference_metadata: { fields: "Quelle" } })).body).toMatchObject({
      code: 102,
      message: "reference_metadata.fields must be an array.",
    });
  });

  it("streams chat.completion.chunk objects ending with usage and [DONE]; refuses a history that does not end with the user", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const res = await SELF.fetch(`${BASE}/openai/${chat.id}/chat/completions`, {
      method: "POST",
      headers: { Authorization: user.token, "Content-Type": "application/json" },
      body: JSON.stringify({ model: "model", stream: true, messages: [{ role: "user", content: "Wie viel Schlaf?" }] }),
    });
    const events = (await res.text()).split("\n\n").filter(Boolean);
    expect(events.at(-1)).toBe("data:[DONE]");
    const chunks = events.slice(0, -1).map(
      (e) =>
        JSON.parse(e.slice(5)) as {
          object: string;
          choices: { delta: { content?: string }; finish_reason: string | null }[];
          usage?: unknown;
        },
    );
    expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toContain("sieben bis neun Stunden");
    expect(chunks.at(-1)).toMatchObject({
      choices: [{ finish_reason: "stop", delta: { notice: { code: "offline_model" } } }],
      usage: expect.any(Object),
    });
    const bad = await callApi(`/openai/${chat.id}/chat/completions`, {
      token: user.token,
      json: { model: "model", messages: [{ role: "assistant", content: "x" }] },
    });
    expect(bad.body).toMatchObject({ code: 102, message: "The last content of this conversation is not from user." });
  });
});

describe("completions for the SDK and the web app", () => {
  it("limits an answer to the documents in doc_ids, leaving out ids the assistant does not have", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const docs = (
      await callApi<{ docs: { id: string; name: string }[] }>(`/datasets/${ds.id}/documents`, { token: user.token })
    ).body.data.docs;
    const sleep = docs.find((doc) => doc.name === "schlaf.txt")?.id ?? "";
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const only = await ask(user, chat.id, { question: "Grippeimpfung und Schlaf", doc_ids: [sleep, "0".repeat(32)] });
    expect(only.body.data.reference.chunks.map((chunk) => chunk.document_name)).toEqual(["schlaf.txt"]);
    const stale = await ask(user, chat.id, { question: "Grippeimpfung und Schlaf", doc_ids: ["0".repeat(32)] });
    expect(stale.body.code).toBe(0);
    expect(stale.body.data.reference.chunks).toEqual([]);
  });

  it("POST /chat/completions with chat_id streams the same frames; an API key works", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const { envelopes } = await streamFrames("/chat/completions", await apiKey(user), {
      chat_id: chat.id,
      question: "Schlaf Erwachsene",
    });
    expect(envelopes.at(-1)?.data).toBe(true);
    expect(JSON.stringify(envelopes)).toContain("sieben bis neun Stunden");
    expect((await callApi("/chat/completions", { token: user.token, json: { question: "x" } })).body).toMatchObject({
      code: 102,
      message: "`chat_id` is required.",
    });
  });

  it("regenerates from a given history and keeps references aligned with the answers", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], icon: "data:image/png;base64,iVBORw0KGgo=" });
    const first = await ask(user, chat.id, { question: "Grippeimpfung?" });
    const sessionId = first.body.data.session_id;
    const session = (
      await callApi<Session & { avatar: string }>(`/chats/${chat.id}/sessions/${sessionId}`, { token: user.token })
    ).body.data;
    expect(session.avatar).toBe("data:image/png;base64,iVBORw0KGgo=");
    const history = session.messages.slice(0, 2).map(({ role, content, id }) => ({ role, content, id }));
    await ask(user, chat.id, { session_id: sessionId, messages: history });
    const again = (await callApi<Session>(`/chats/${chat.id}/sessions/${sessionId}`, { token: user.token })).body.data;
    expect(again.messages).toHaveLength(3);
    expect(again.reference).toHaveLength(1);
    expect(again.messages[2]?.id).toBe(again.messages[1]?.id);
  });
});

describe("feedback, messages, stats and export", () => {
  it("stores thumbs with reason and comment, counts satisfaction and exports the history", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id], name: "Statistik" });
    const session = await createSession(user, chat.id);
    const a = await ask(user, chat.id, { question: "Grippeimpfung ab wann?", session_id: session.id });
    const b = await ask(user, chat.id, { question: "Wie viel Schlaf?", session_id: session.id });
    const feedback = (messageId: string, json: Record<string, unknown>) =>
      callApi<Session>(`/chats/${chat.id}/sessions/${session.id}/messages/${messageId}/feedback`, {
        method: "PUT",
        token: user.token,
        json,
      });
    const down = await feedback(a.body.data.id, { thumbup: false, reason: "insufficient", feedback: "Zu knapp" });
    expect(down.body.data.messages.find((m) => m.id === a.body.data.id && m.role === "assistant")).toMatchObject({
      thumbup: false,
      reason: "insufficient",
      feedback: "Zu knapp",
    });
    await feedback(b.body.data.id, { thumbup: true, feedback: "ignoriert" });
    expect((await feedback(b.body.data.id, { thumbup: false, reason: "nonsense" })).body.code).toBe(102);

    const stats = (await callApi<ChatStats>(`/chats/${chat.id}/stats`, { token: user.token })).body.data;
    expect(stats.totals).toMatchObject({ messages: 2, active_users: 1, rounds: 2, satisfaction: 50, unanswered: 0 });
    expect(stats.totals.tokens).toBeGreaterThan(0);
    expect(stats.days).toHaveLength(1);
    expect(
      (await callApi(`/chats/${chat.id}/stats?from=2026-02-01&to=2026-01-01`, { token: user.token })).body.message,
    ).toBe("`from` must not be after `to`.");

    const csv = await SELF.fetch(`${BASE}/chats/${chat.id}/export?format=csv`, {
      headers: { Authorization: user.token },
    });
    expect(csv.headers.get("Content-Disposition")).toMatch(
      /attachment; filename\*=UTF-8''Statistik_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // a byte order mark, so spreadsheet programs read the umlauts as UTF-8
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe(
      "time,session_id,session_name,user_id,source,question,answer,thumbup,feedback_reason,feedback,tokens",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Grippeimpfung ab wann?");
    expect(lines[1]).toContain("false,insufficient,Zu knapp");
    const md = await (
      await SELF.fetch(`${BASE}/chats/${chat.id}/export?format=md`, { headers: { Authorization: user.token } })
    ).text();
    expect(md).toContain("**Question:** Wie viel Schlaf?");
    const old = (await (
      await SELF.fetch(`${BASE}/chats/${chat.id}/export?from=2020-01-01&to=2020-01-31`, {
        headers: { Authorization: user.token },
      })
    ).json()) as { items: unknown[] };
    expect(old.items).toEqual([]);
  });

  it("deletes a question with its answer and reference; renames and deletes sessions", async () => {
    const user = await createUser();
    const ds = await parsedDataset(user);
    const chat = await createChat(user, { dataset_ids: [ds.id] });
    const res = await ask(user, chat.id, { question: "Schlaf?" });
    const sessionId = res.body.data.session_id;
    const after = await callApi<Session>(`/chats/${chat.id}/sessions/${sessionId}/messages/${res.body.data.id}`, {
      method: "DELETE",
      token: user.token,
    });
    expect(after.body.data.messages).toHaveLength(1);
    expect(after.body.data.reference).toEqual([]);
    const renamed = await callApi<Session>(`/chats/${chat.id}/sessions/${sessionId}`, {
      method: "PATCH",
      token: user.token,
      json: { name: "Schlaffragen" },
    });
    expect(renamed.body.data.name).toBe("Schlaffragen");
    expect(
      (
        await callApi(`/chats/${chat.id}/sessions/${sessionId}`, {
          method: "PATCH",
          token: user.token,
          json: { name: "" },
        })
      ).body.message,
    ).toBe("`name` can not be empty");
    const rewrite = (json: unknown) =>
      callApi(`/chats/${chat.id}/sessions/${sessionId}`, { method: "PATCH", token: user.token, json });
    expect((await rewrite({ name: "x", messages: [] })).body).toMatchObject({
      code: 102,
      message: "`messages` cannot be changed.",
    });
    expect((await rewrite({ message: [] })).body).toMatchObject({
      code: 102,
      message: "`messages` cannot be changed.",
    });
    expect((await rewrite({ name: "x", reference: [] })).body).toMatchObject({
      code: 102,
      message: "`reference` cannot be changed.",
    });
    expect(
      (
        await callApi(`/chats/${chat.id}/sessions`, {
          method: "DELETE",
          token: user.token,
          json: { ids: ["0123456789abcdef0123456789abcdef"] },
        })
      ).body.message,
    ).toBe("The chat doesn't own the session 0123456789abcdef0123456789abcdef");
    await callApi(`/chats/${chat.id}/sessions`, { method: "DELETE", token: user.token, json: { ids: [sessionId] } });
    expect((await callApi(`/chats/${chat.id}/sessions/${sessionId}`, { token: user.token })).body.message).toBe(
      "Session not found!",
    );
  });
});

describe("speech and related questions", () => {
  it("reads aloud and transcribes with the tenant's default models, and says when none is set", async () => {
    const user = await createUser();
    expect((await callApi("/chat/audio/speech", { token: user.token, json: { text: "Hallo" } })).body).toMatchObject({
      code: 102,
      message: "No default TTS model is set",
    });
    const form = () => {
      const data = new FormData();
      data.set("file", new File([new Uint8Array(64)], "frage.webm"));
      return data;
    };
    expect((await callApi("/chat/audio/transcription", { token: user.token, body: form() })).body).toMatchObject({
      code: 102,
      message: "No default ASR model is set",
    });
    await addLocalModel(user, "tts-1", "tts");
    await addLocalModel(user, "whisper-1", "speech2text");
    await setDefaultModels(user.token, {
      tts_id: "tts-1@OpenAI-API-Compatible",
      asr_id: "whisper-1@OpenAI-API-Compatible",
    });
    const audio = await SELF.fetch(`${BASE}/chat/audio/speech`, {
      method: "POST",
      headers: { Authorization: user.token, "Content-Type": "application/json" },
      body: JSON.stringify({ text: "**Hallo** [ID:0]" }),
    });
    expect(audio.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(await audio.text()).toBe("ID3 speech for Hallo ");
    const text = await callApi<{ text: string }>("/chat/audio/transcription", { token: user.token, body: form() });
    expect(text.body.data.text).toBe("Transkript von frage.webm (64 Bytes, whisper-1)");
  });

  it("lists related questions from the default chat model, none with the built-in one", async () => {
    const user = await createUser();
    expect(
      (await callApi<string[]>("/chat/recommendation", { token: user.token, json: { question: "Grippeimpfung" } })).body
        .data,
    ).toEqual([]);
    await setDefaultModels(user.token, { llm_id: await useLocalChatModel(user) });
    expect(
      (await callApi<string[]>("/chat/recommendation", { token: user.token, json: { question: "Grippeimpfung" } })).body
        .data,
    ).toEqual(["Grippeimpfung Kosten", "Impfung Nebenwirkungen"]);
  });
});
