import { addLocalModel, setDefaultModels } from "../../helpers/worker/models";
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAgent, flow } from "../../helpers/worker/agents";
import { BASE, callApi } from "../../helpers/worker/api";
import { createChat, streamFrames } from "../../helpers/worker/chat";
import { createDataset, createUser, ingest, textFile, type TestUser } from "../../helpers/worker/factories";

// The local TTS server answers "ID3 speech for <text>": the hex decodes back to what was read out.
const spoken = (hex: string) =>
  new TextDecoder()
    .decode(new Uint8Array((hex.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))))
    .replace(/^ID3 speech for /, "");

const FAQ =
  "Die Grippeimpfung wird für Menschen ab 60 Jahren empfohlen. Sie schützt vor schweren Verläufen. Erwachsene brauchen sieben bis neun Stunden Schlaf.";

const setUp = async (withTtsModel: boolean) => {
  const user = await createUser();
  if (withTtsModel) {
    await addLocalModel(user, "tts-1", "tts");
    await setDefaultModels(user.token, { tts_id: "tts-1@OpenAI-API-Compatible" });
  }
  const ds = await createDataset(user);
  await ingest(user, ds.id, [textFile("faq.txt", FAQ)]);
  return { user, ds };
};

type Frame = { answer: string; audio_binary: string | null; final?: boolean; content?: string };

const streamed = async (user: TestUser, chatId: string) => {
  const { envelopes } = await streamFrames(`/chats/${chatId}/completions`, user.token, {
    question: "Wann wird die Grippeimpfung empfohlen und was schützt sie?",
    stream: true,
  });
  return envelopes
    .map((envelope) => envelope.data)
    .filter((data): data is Frame => typeof data === "object" && data !== null && "answer" in data);
};

const plain = (text: string) =>
  text
    .replace(/\[ID:\d+\]/g, "")
    .replace(/[#*_`>|]/g, "")
    .replace(/\s+/g, " ")
    .trim();

describe("answers read aloud (prompt_config.tts)", () => {
  it("carry the audio of each finished sentence while they stream, and of the whole answer without streaming", async () => {
    const { user, ds } = await setUp(true);
    const chat = await createChat(user, { dataset_ids: [ds.id], prompt_config: { tts: true } });
    const frames = await streamed(user, chat.id);
    const answer = frames.find((frame) => frame.final)?.content ?? "";
    expect(answer.length).toBeGreaterThan(0);
    const audio = frames.flatMap((frame) => (frame.audio_binary ? [spoken(frame.audio_binary)] : []));
    // read out in more than one piece, together the whole answer, and never a piece twice
    expect(audio.length).toBeGreaterThan(1);
    expect(plain(audio.join(" "))).toBe(plain(answer));
    // a piece comes with the delta that finishes its sentence, not before
    const firstSpoken = frames.findIndex((frame) => frame.audio_binary);
    const upTo = (n: number) =>
      plain(
        frames
          .slice(0, n)
          .map((frame) => frame.answer)
          .join(""),
      );
    expect(upTo(firstSpoken + 1)).toContain(plain(audio[0] ?? "-"));
    expect(upTo(firstSpoken)).not.toContain(plain(audio[0] ?? "-"));
    expect(plain(audio[0] ?? "")).toMatch(/[.!?;:]$/);

    const whole = await callApi<{ answer: string; audio_binary: string | null }>(`/chats/${chat.id}/completions`, {
      token: user.token,
      json: { question: "Wann wird die Grippeimpfung empfohlen?", stream: false },
    });
    expect(plain(spoken(whole.body.data.audio_binary ?? ""))).toBe(plain(whole.body.data.answer));
  });

  it("carry no audio when the switch is off or no TTS model is set", async () => {
    const { user, ds } = await setUp(true);
    const off = await createChat(user, { dataset_ids: [ds.id] });
    expect((await streamed(user, off.id)).every((frame) => frame.audio_binary === null)).toBe(true);

    const other = await setUp(false);
    const noModel = await createChat(other.user, { dataset_ids: [other.ds.id], prompt_config: { tts: true } });
    const frames = await streamed(other.user, noModel.id);
    expect(frames.some((frame) => frame.final)).toBe(true);
    expect(frames.every((frame) => frame.audio_binary === null)).toBe(true);
  });

  it("a Buddy's Message with auto_play is read aloud in its message events", async () => {
    const { user } = await setUp(true);
    const events = async (autoPlay: boolean) => {
      const text = "Willkommen bei Buddy. Die Grippeimpfung wird ab 60 Jahren empfohlen. Gute Besserung!";
      const agent = await createAgent(
        user,
        flow([
          ["begin", "Begin", {}, ["Message:m"]],
          ["Message:m", "Message", { content: [text], auto_play: autoPlay }],
        ]),
      );
      const response = await SELF.fetch(`${BASE}/agents/chat/completions`, {
        method: "POST",
        headers: { Authorization: user.token, "Content-Type": "application/json" },
        body: JSON.stringify({ agent_id: agent.id, question: "Hallo", stream: true }),
      });
      return (await response.text())
        .split("\n\n")
        .filter((line) => line.startsWith("data:{"))
        .map(
          (line) => JSON.parse(line.slice(5)) as { event: string; data: { content?: string; audio_binary?: string } },
        )
        .filter((event) => event.event === "message");
    };
    const read = await events(true);
    const audio = read.flatMap((event) => (event.data.audio_binary ? [spoken(event.data.audio_binary)] : []));
    expect(audio.length).toBeGreaterThan(1);
    expect(plain(audio.join(" "))).toBe(plain(read.map((event) => event.data.content).join("")));
    expect((await events(false)).some((event) => event.data.audio_binary)).toBe(false);
  });
});
