import { describe, expect, it } from "vitest";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, parseDocs, uploadFiles, waitUntilSettled } from "../../helpers/worker/factories";
import { addLocalModel, setDefaultModels } from "../../helpers/worker/models";

// A tenth of a second of 8 kHz 16-bit mono silence as a RIFF/WAVE file.
const wav = (name: string) => {
  const samples = 800;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16_000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, samples * 2, true);
  return new File([bytes], name, { type: "audio/wav" });
};

describe("the Audio method", () => {
  it("transcribes a recording with the speech-to-text model into chunks whose lines carry their times", async () => {
    const user = await createUser();
    await addLocalModel(user, "whisper-model", "speech2text");
    await setDefaultModels(user.token, { asr_id: "whisper-model@OpenAI-API-Compatible" });
    const ds = await createDataset(user);
    const uploaded = (await uploadFiles(user, ds.id, [wav("diktat.wav")])).body.data;
    // an audio file gets the Audio method whatever the knowledge base's method
    expect(uploaded[0]).toMatchObject({ chunk_method: "audio", type: "aural" });
    await parseDocs(user, ds.id, [uploaded[0]?.id as string]);
    const [doc] = (await waitUntilSettled(user, ds.id)) as unknown as DatasetDocument[];
    expect(doc?.run).toBe("DONE");
    expect(doc?.progress_msg).toContain("Transcribed by whisper-model@main@OpenAI-API-Compatible: 2 timed segments.");
    const chunks = (
      await callApi<{ chunks: { content: string }[] }>(`/datasets/${ds.id}/documents/${doc?.id}/chunks`, {
        token: user.token,
      })
    ).body.data.chunks;
    // the stand-in server answers verbose_json with two segments, the second after the first hour
    expect(chunks.map((chunk) => chunk.content)).toEqual([
      "[00:00–00:04] Transkript von diktat.wav (1644 Bytes, whisper-model).\n[1:02:05–1:02:11] Die Impfung wird nach vier Wochen wiederholt.",
    ]);
  });
});
