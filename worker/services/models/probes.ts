import { base64ToBytes } from "../../lib/bytes";
import type { ModelOf } from "../../platform/providers/adapters";
import type { ModelType } from "../../platform/providers/catalogue";
import { ProviderError } from "../../platform/providers/types";

// A 1×1 PNG and half a second of silent 16 kHz mono WAV: the smallest real inputs a provider accepts.
const TINY_PNG = base64ToBytes(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
);

const silentWav = (samples = 8000, rate = 16_000) => {
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const ascii = (offset: number, text: string) =>
    [...text].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, samples * 2, true);
  return new Uint8Array(view.buffer);
};

type Probes = { [T in ModelType]: (model: ModelOf[T]) => Promise<string> };

// One tiny real call per model type; the detail tells the user what came back.
export const PROBES: Probes = {
  chat: async (model) =>
    (await model.complete([{ role: "user", content: "Reply with OK." }], { max_tokens: 5, temperature: 0 })).text.slice(
      0,
      80,
    ),
  embedding: async (model) => {
    const [vector] = await model.embed(["Buddy connection test"]);
    if (!vector?.length) throw new ProviderError(0, "The provider returned no embedding.");
    return `${vector.length} dimensions`;
  },
  rerank: async (model) => {
    const scores = await model.score("connection test", ["Buddy connection test", "unrelated"]);
    if (scores.length !== 2) throw new ProviderError(0, "The provider returned no rerank scores.");
    return `scores ${scores.map((score) => score.toFixed(2)).join(", ")}`;
  },
  image2text: async (model) =>
    (await model.describe(TINY_PNG, "image/png", "Describe this image in three words.")).text.slice(0, 80),
  speech2text: async (model) => `transcript: "${(await model.transcribe(silentWav(), "probe.wav")).slice(0, 60)}"`,
  tts: async (model) => {
    const { audio, mimeType } = await model.speak("Buddy");
    if (audio.byteLength === 0) throw new ProviderError(0, "The provider returned no audio.");
    return `${audio.byteLength} bytes of ${mimeType}`;
  },
};
