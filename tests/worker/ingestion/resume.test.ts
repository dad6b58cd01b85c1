import { describe, expect, it } from "vitest";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { callApi } from "../../helpers/worker/api";
import { createDataset, createUser, ingest, textFile } from "../../helpers/worker/factories";
import { addLocalModel, setDefaultModels } from "../../helpers/worker/models";

const CV = [
  "Dr. Anna Berger",
  "anna.berger@example.org",
  "Oberärztin für Innere Medizin am Klinikum Nord seit 2019.",
  "Kenntnisse: Sonografie, Endoskopie",
].join("\n");

describe("the Resume method", () => {
  it("has the chat model extract the fields into a chunk of its own and the document's metadata", async () => {
    const user = await createUser();
    await addLocalModel(user, "chat-model", "chat");
    await setDefaultModels(user.token, { llm_id: "chat-model@OpenAI-API-Compatible" });
    const ds = await createDataset(user, { chunk_method: "resume" });
    const docs = await ingest(user, ds.id, [textFile("berger.txt", CV), textFile("kaputt.txt", `FEHLER\n${CV}`)]);
    const doc = docs["berger.txt"] as unknown as DatasetDocument;
    expect(doc.run).toBe("DONE");
    expect(doc.progress_msg).toMatch(/Resume fields extracted \([\d.]+s\): name, email, years_of_experience, schools/);
    expect(doc.meta_fields).toEqual({
      name: "Dr. Anna Berger",
      email: "anna.berger@example.org",
      years_of_experience: 6,
      schools: ["Charité Berlin"],
      degrees: ["Staatsexamen"],
      companies: ["Klinikum Nord"],
      skills: ["Sonografie", "Endoskopie"],
    });
    const chunks = (
      await callApi<{ chunks: { content: string; important_keywords: string[] }[] }>(
        `/datasets/${ds.id}/documents/${doc.id}/chunks`,
        { token: user.token },
      )
    ).body.data.chunks;
    expect(chunks[0]).toMatchObject({
      content: [
        "Name: Dr. Anna Berger",
        "E-mail: anna.berger@example.org",
        "Years of experience: 6",
        "Education: Staatsexamen, Medizin, Charité Berlin, 2008–2014",
        "Experience: Oberärztin, Klinikum Nord, 2019–heute",
        "Skills: Sonografie, Endoskopie",
      ].join("\n"),
      important_keywords: ["Dr. Anna Berger", "Sonografie", "Endoskopie"],
    });
    // the resume's text stays searchable too
    expect(chunks.slice(1).map((chunk) => chunk.content)).toEqual([CV]);
    // a model that answers no fields fails the document with a reason, instead of chunking it as General
    const broken = docs["kaputt.txt"] as unknown as DatasetDocument;
    expect(broken.run).toBe("FAIL");
    expect(broken.progress_msg).toContain(
      "The chat model chat-model@main@OpenAI-API-Compatible gave no resume fields (a JSON object was expected).",
    );
  }, 40_000);
});
