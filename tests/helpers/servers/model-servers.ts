import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { GOOD_KEY } from "../shared/model-key.ts";
import { googlePrivateKeyPem, providerAuthRoutes } from "./provider-auth-routes.ts";
import { anthropicToolTurn, geminiToolTurn, ollamaToolTurn, openAiToolTurn } from "./tool-turns.ts";

// Real HTTP servers on 127.0.0.1 that speak the OpenAI and Ollama wire formats, for provider tests.

// what the stand-in model "translates" into English for cross-language search
const ENGLISH_WORDS: Record<string, string> = {
  Wer: "Who",
  braucht: "needs",
  eine: "a",
  Grippeimpfung: "flu vaccination",
  Wann: "When",
  hilft: "helps",
  Impfung: "vaccination",
};

const readBody = (request: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => resolve(text ? JSON.parse(text) : {}));
  });

// Deterministic 8-dimensional embedding from character codes: similar texts get similar vectors.
const embed = (text: string) => {
  const vector = Array.from({ length: 8 }, () => 0);
  for (const [i, ch] of [...text.toLowerCase()].entries()) {
    const slot = (ch.charCodeAt(0) + i) % 8;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  return vector;
};

// names the knowledge-graph extraction knows, with their entity types
const GRAPH_NAMES = [
  ["Robert Koch-Institut", "organization"],
  ["Robert-Koch-Institut", "organization"],
  ["Lothar Wieler", "person"],
  ["Berlin", "geo"],
  ["STIKO", "organization"],
] as const;
const GLEANED_NAMES = [
  ["Charité", "organization"],
  ["Christian Drosten", "person"],
] as const;

const json = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
};

let flakyCalls = 0;
let abortedStreams = 0;

// Streams 40 deltas 100 ms apart; a client that hangs up early is counted (GET /v1/aborted-streams).
const slowStream = (request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, { "Content-Type": "text/event-stream" });
  let sent = 0;
  const timer = setInterval(() => {
    if (sent++ >= 40) {
      clearInterval(timer);
      response.end("data: [DONE]\n\n");
      return;
    }
    response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `Teil ${sent} ` } }] })}\n\n`);
  }, 100);
  response.on("close", () => {
    if (sent <= 40) abortedStreams++;
    clearInterval(timer);
  });
};

const readRaw = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const parts: Buffer[] = [];
    request.on("data", (chunk: Buffer) => parts.push(chunk));
    request.on("end", () => resolve(Buffer.concat(parts)));
  });

// multipart/form-data with `model` and `file`: answers with the file's name and size
const transcribe = async (request: IncomingMessage, response: ServerResponse) => {
  const raw = await readRaw(request);
  const form = await new Response(raw, {
    headers: { "Content-Type": request.headers["content-type"] ?? "" },
  }).formData();
  const file = form.get("file") as File | null;
  const text = `Transkript von ${file?.name} (${file?.size} Bytes, ${String(form.get("model"))})`;
  // verbose_json: Whisper's timed segments (the second one past the first hour)
  if (form.get("response_format") === "verbose_json" && form.getAll("timestamp_granularities[]").includes("segment"))
    return json(response, 200, {
      text,
      segments: [
        { id: 0, start: 0, end: 4.2, text: ` ${text}.` },
        { id: 1, start: 3725.5, end: 3731, text: " Die Impfung wird nach vier Wochen wiederholt." },
      ],
    });
  json(response, 200, { text });
};

type WireMessage = { role: string; content: unknown };
const hasToolTurns = (body: Record<string, unknown>) =>
  (body.messages as WireMessage[]).some((message) => message.role === "tool");

const openAiHandler = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  if (request.url === "/v1/aborted-streams") return json(response, 200, { aborted: abortedStreams });
  if (request.url === "/v1/audio/transcriptions") {
    if (request.headers.authorization !== `Bearer ${GOOD_KEY}`)
      return json(response, 401, { error: { message: "Incorrect API key provided" } });
    return transcribe(request, response);
  }
  const body = await readBody(request);
  if (request.headers.authorization !== `Bearer ${GOOD_KEY}`) {
    return json(response, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
  }
  if (body.model === "slow-model") await new Promise((resolve) => setTimeout(resolve, 3000));
  if (body.model === "flaky-model" && flakyCalls++ % 2 === 0)
    return json(response, 503, { error: { message: "overloaded" } });
  if (request.url === "/v1/embeddings") {
    const input = body.input as string[];
    // "other-embed-model" places texts in another space of the same size (every second axis flipped)
    const vectorOf = (text: string) =>
      body.model === "other-embed-model" ? embed(text).map((x, i) => (i % 2 ? -x : x)) : embed(text);
    // answered out of order on purpose: clients must sort by index
    return json(response, 200, {
      data: input.map((text, index) => ({ index, embedding: vectorOf(text) })).reverse(),
      usage: { prompt_tokens: 3 },
    });
  }
  if (request.url === "/v1/rerank") {
    // relevance = share of query words found in the document, answered best-first like Jina and Cohere
    const words = String(body.query).toLowerCase().split(/\s+/);
    const results = (body.documents as string[]).map((text, index) => ({
      index,
      relevance_score: words.filter((w) => text.toLowerCase().includes(w)).length / words.length,
    }));
    return json(response, 200, { results: results.toSorted((a, b) => b.relevance_score - a.relevance_score) });
  }
  if (request.url === "/v1/audio/speech") {
    response.writeHead(200, { "Content-Type": "audio/mpeg" });
    response.end(Buffer.from(`ID3 speech for ${String(body.input)}`));
    return;
  }
  if (request.url === "/v1/chat/completions" && Array.isArray((body.messages as { content: unknown }[])[0]?.content)) {
    const parts =
      (body.messages as { content: { type: string; text?: string; image_url?: { url: string } }[] }[])[0]?.content ??
      [];
    const image = parts.find((part) => part.type === "image_url")?.image_url?.url ?? "";
    // OCR of a scanned page: a heading and a line naming the PNG's size (from its header), as Markdown
    if (parts.some((part) => part.text?.includes("scanned page"))) {
      const png = Buffer.from(image.slice(image.indexOf(",") + 1), "base64");
      const size = png.length > 24 ? `${png.readUInt32BE(16)}×${png.readUInt32BE(20)}` : "?";
      return json(response, 200, {
        choices: [{ message: { content: `# Befund\nDer Impfpass (Scan ${size}) ist gültig bis 2030.` } }],
        usage: { prompt_tokens: 50, completion_tokens: 12 },
      });
    }
    return json(response, 200, {
      choices: [{ message: { content: `Bild (${image.slice(0, image.indexOf(";"))}): ein Impfpass` } }],
      usage: { prompt_tokens: 50, completion_tokens: 6 },
    });
  }
  if (request.url === "/v1/chat/completions" && (Array.isArray(body.tools) || hasToolTurns(body)))
    return openAiToolTurn(response, body);
  if (request.url === "/v1/chat/completions") {
    const messages = body.messages as { content: string }[];
    const last = messages.at(-1)?.content ?? "";
    const prompt = messages.map((m) => m.content).join("\n");
    // cross-language search: English from a small word list, the other languages marked; FEHLER fails the call
    if (prompt.includes("You translate a search question")) {
      const question = last.split("Question:\n")[1]?.split("\n===")[0] ?? "";
      if (question.includes("FEHLER")) return json(response, 500, { error: { message: "translation failed" } });
      const languages = (last.split("Languages: ")[1]?.split("\n")[0] ?? "").split(", ");
      const english = question.replace(/[\p{L}]+/gu, (word) => ENGLISH_WORDS[word] ?? word);
      const translations = languages.map((language) =>
        language === "English" ? english : `[${language}] ${question}`,
      );
      return json(response, 200, {
        choices: [{ message: { content: `Output:\n${translations.join("\n###\n")}` } }],
        usage: { prompt_tokens: 40, completion_tokens: 12 },
      });
    }
    // resume fields: the name from the first line, the e-mail address and the skills ("Kenntnisse: a, b") from
    // the text, a fixed station; a resume saying FEHLER gets prose without JSON
    if (prompt.includes("You read a resume (CV)")) {
      const answer = (content: string) =>
        json(response, 200, {
          choices: [{ message: { content } }],
          usage: { prompt_tokens: 60, completion_tokens: 30 },
        });
      if (last.includes("FEHLER")) return answer("Das kann ich nicht lesen.");
      const skills = (last.match(/Kenntnisse: (.*)/)?.[1] ?? "").split(",").map((skill) => skill.trim());
      return answer(
        JSON.stringify({
          name: last.trim().split("\n")[0],
          email: last.match(/\S+@\S+/)?.[0] ?? "",
          phone: "",
          years_of_experience: 6,
          education: [{ school: "Charité Berlin", degree: "Staatsexamen", major: "Medizin", period: "2008–2014" }],
          experience: [{ company: "Klinikum Nord", position: "Oberärztin", period: "2019–heute" }],
          skills,
          languages: [],
        }),
      );
    }
    // enrichment prompts get answers in their expected shape
    if (prompt.includes("KEYWORDS"))
      return json(response, 200, {
        choices: [{ message: { content: "Grippeimpfung, Senioren" } }],
        usage: { prompt_tokens: 20, completion_tokens: 5 },
      });
    // tagging: one tag of the set and one the set does not have (which must be dropped)
    if (prompt.includes("# TAG SET"))
      return json(response, 200, {
        choices: [{ message: { content: 'Output: {"Impfung": 7, "Erfunden": 9}' } }],
        usage: { prompt_tokens: 30, completion_tokens: 8 },
      });
    // RAPTOR summaries name how many paragraphs they cover and start with each one's first words; a
    // paragraph saying FEHLER makes the summary fail
    // (Buddy's older prompt, or RAGFlow v0.27's default one that ends with the paragraphs)
    const v027Summary = prompt.includes("Summarize the paragraphs below without inventing facts");
    if (v027Summary || prompt.includes("Please summarize the following paragraphs")) {
      const block = v027Summary
        ? prompt.split("Paragraphs:\n")[1]
        : prompt.split("Paragraphs as following:")[1]?.split("The above is the content")[0];
      const paragraphs = block?.trim().split("\n") ?? [];
      if (paragraphs.some((p) => p.includes("FEHLER")))
        return json(response, 500, { error: { message: "summary failed" } });
      const content = `Zusammenfassung von ${paragraphs.length} Abschnitten: ${paragraphs.map((p) => p.trim().split(/\s+/).slice(0, 3).join(" ")).join(" | ")}`;
      return json(response, 200, {
        choices: [{ message: { content } }],
        usage: { prompt_tokens: 40, completion_tokens: 12 },
      });
    }
    // knowledge-graph extraction: the known names found in the text, each linked to the next (with keywords when
    // the light prompt asks for them); one entity of a type nobody asked for (which must be dropped); FEHLER
    // fails. Gleaning: the first round adds GLEANED_NAMES[0], the second GLEANED_NAMES[1] (each linked to the
    // first name found) and a marker; the model says more is missing while the text holds GLEANED_NAMES[1].
    const plain = (content: string) =>
      json(response, 200, { choices: [{ message: { content } }], usage: { prompt_tokens: 20, completion_tokens: 10 } });
    if (prompt.includes("You build a knowledge graph")) {
      const text = messages[1]?.content ?? "";
      const found = GRAPH_NAMES.filter(([name]) => text.includes(name));
      if (last.includes("Answer Y if there are still entities"))
        return plain(text.includes(GLEANED_NAMES[1][0]) ? "Y" : "N");
      if (last.includes("MANY entities were missed")) {
        const round = messages.filter((m) => m.content.includes("MANY entities were missed")).length;
        const gleaned = GLEANED_NAMES.slice(round - 1, round).filter(([name]) => text.includes(name));
        // a second round always adds a marker naming the chunk's first word (it shows which chunks had one)
        const marker =
          round === 2 ? [{ name: `Zweite Runde (${text.split(" ")[0]})`, type: "organization", description: "" }] : [];
        const entities = [
          ...gleaned.map(([name, type]) => ({ name, type, description: `${name} wurde nachgetragen.` })),
          ...marker,
        ];
        const relations = gleaned.flatMap(([name]) =>
          found[0]
            ? [{ source: name, target: found[0][0], description: `${name} gehört zu ${found[0][0]}.`, weight: 2 }]
            : [],
        );
        return plain(JSON.stringify({ entities, relations }));
      }
      if (last.includes("FEHLER")) return json(response, 500, { error: { message: "extraction failed" } });
      const keywords = prompt.includes("high-level keywords") ? { keywords: ["Zusammenhang"] } : {};
      const entities = [
        ...found.map(([name, type]) => ({ name, type, description: `${name} kommt im Text vor.` })),
        { name: "Raumschiff", type: "spaceship", description: "erfunden" },
      ];
      const relations = found.slice(1).map(([name], i) => ({
        source: found[i]?.[0],
        target: name,
        description: `${found[i]?.[0]} und ${name} hängen zusammen.`,
        weight: 5,
        ...keywords,
      }));
      return json(response, 200, {
        choices: [{ message: { content: `Ergebnis:\n${JSON.stringify({ entities, relations })}` } }],
        usage: { prompt_tokens: 60, completion_tokens: 30 },
      });
    }
    // graph query analysis: the known names the question holds; "Wer" asks for a person, "Wo" for a place
    if (prompt.includes("answer_type_keywords")) {
      const question = prompt.split("Query: ").at(-1)?.split("\n")[0] ?? "";
      const types = /\bwer\b/i.test(question) ? ["person"] : /\bwo\b/i.test(question) ? ["geo"] : [];
      const entities = GRAPH_NAMES.filter(([name]) => question.toLowerCase().includes(name.toLowerCase())).map(
        ([name]) => name,
      );
      return plain(JSON.stringify({ answer_type_keywords: types, entities_from_query: entities }));
    }
    // entity resolution: two names are the same when they only differ in case, spaces and hyphens
    if (prompt.includes("You decide whether two names mean the same")) {
      const letters = (name: string) => name.toLowerCase().replace(/[^\p{L}]/gu, "");
      const answers = [...last.matchAll(/Question (\d+): name of .+? A is (.+), name of .+? B is (.+)/g)].map(
        ([, question, a, b]) => ({ question: Number(question), same: letters(a ?? "") === letters(b ?? "") }),
      );
      return plain(JSON.stringify({ answers }));
    }
    // community reports: titled after the community's entities, one finding per entity
    if (prompt.includes("You write a community report")) {
      const names = (last.split("-Entities-")[1]?.split("-Relationships-")[0] ?? "")
        .split("\n")
        .slice(2)
        .filter(Boolean)
        .map((row) => row.split(",")[1] ?? "");
      const findings = names.map((name) => ({ summary: `Über ${name}`, explanation: `${name} gehört dazu.` }));
      return plain(
        JSON.stringify({
          title: `Gemeinschaft: ${names.toSorted().join(" & ")}`,
          summary: `${names.length} Einträge hängen zusammen.`,
          rating: 7,
          rating_explanation: "Wichtig.",
          findings,
        }),
      );
    }
    // mind maps: a title, a section per line of the text (its first three words) with the line under it; code fences
    if (prompt.includes("You summarise a text into a mind map")) {
      if (prompt.includes("FEHLER")) return json(response, 500, { error: { message: "mind map failed" } });
      const lines =
        (prompt.split("TEXT:\n")[1] ?? "")
          .split("Output:")[0]
          ?.split("\n")
          .map((line) => line.trim())
          .filter(Boolean) ?? [];
      const sections = lines.slice(0, 3).map((line) => `## **${line.split(/\s+/).slice(0, 3).join(" ")}**\n- ${line}`);
      return json(response, 200, {
        choices: [{ message: { content: `\`\`\`markdown\n# Überblick\n${sections.join("\n")}\n\`\`\`` } }],
        usage: { prompt_tokens: 30, completion_tokens: 20 },
      });
    }
    // auto metadata: each schema field written as "Field: value" in the text (lists comma-separated), in code fences
    if (prompt.includes("Extract metadata fields")) {
      const schema = JSON.parse(prompt.split("Schema: ")[1]?.split("\n")[0] ?? "{}") as {
        properties: Record<string, { type: string }>;
      };
      const found = Object.entries(schema.properties).flatMap(([key, { type }]) => {
        const value = last.match(new RegExp(`${key}: ([^\\n]+)`))?.[1]?.trim();
        if (!value) return [];
        return [
          [
            key,
            type === "array" ? value.split(",").map((item) => item.trim()) : type === "number" ? Number(value) : value,
          ],
        ];
      });
      return json(response, 200, {
        choices: [
          {
            message: {
              content: `\`\`\`json\n${JSON.stringify({ ...Object.fromEntries(found), Erfunden: "x" })}\n\`\`\``,
            },
          },
        ],
        usage: { prompt_tokens: 25, completion_tokens: 9 },
      });
    }
    if (prompt.includes("QUESTIONS"))
      return json(response, 200, {
        choices: [{ message: { content: "1. Wer sollte sich impfen lassen?\n2. Wann ist die Impfung sinnvoll?" } }],
      });
    // chat pipeline prompts (worker/rag/chat/prompts.ts) get answers in their expected shape
    const system = messages[0]?.content ?? "";
    const reply = (content: string) => {
      if (!body.stream)
        return json(response, 200, {
          choices: [{ message: { content } }],
          usage: { prompt_tokens: 10, completion_tokens: 2 },
        });
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
      response.end(
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 2 } })}\n\ndata: [DONE]\n\n`,
      );
    };
    // "LLM for quotes": cites the chunk naming "Grippeimpfung" right after that word; "umschreiben" rewrites the answer
    if (system.includes("You add citations to an answer.")) {
      if (last.includes("umschreiben")) return reply(`Etwas ganz anderes [ID:0].`);
      const chunk =
        [...system.matchAll(/\[ID:(\d+)\]\n([^[]*)/g)].find((match) =>
          (match[2] ?? "").includes("Grippeimpfung"),
        )?.[1] ?? "0";
      return reply(last.replace("Grippeimpfung", `Grippeimpfung [ID:${chunk}]`));
    }
    if (system.includes("You grade retrieved documents")) return reply(last.includes("Impfung") ? "yes" : "no");
    if (system.includes("found nothing relevant")) return reply("Grippeimpfung Senioren");
    if (system.includes("standalone question"))
      return reply(
        `Eigenständig: ${last
          .split("\n")
          .filter((l) => l.startsWith("USER:"))
          .map((l) => l.slice(6))
          .join(" / ")}`,
      );
    if (system.includes("follow-up questions"))
      return reply("1. Wer zahlt die Impfung?\n2. Wann sollte man impfen?\n3. Zu viel");
    if (system.includes("related search queries")) return reply("1. Grippeimpfung Kosten\n2. Impfung Nebenwirkungen");
    // "Parameter?" answers with what the request carried (sampling parameters, message count)
    if (last.includes("Parameter?"))
      return reply(
        JSON.stringify({
          top_p: body.top_p ?? null,
          presence_penalty: body.presence_penalty ?? null,
          frequency_penalty: body.frequency_penalty ?? null,
          messages: messages.length,
        }),
      );
    // metadata filters: a question naming a source filters on it when the metadata has a "Quelle" field
    if (system.includes("# METADATA")) {
      const source = /\b(STIKO|DGSM|WHO)\b/.exec(last)?.[1];
      const conditions =
        source && system.includes('"Quelle"')
          ? [
              { key: "Quelle", op: "=", value: source },
              { key: "Erfunden", op: "=", value: "x" },
            ]
          : [];
      return reply(JSON.stringify({ logic: "and", conditions }));
    }
    // agent components (worker/services/agents/components)
    // structured output: every property of the schema filled with the user's text
    if (system.includes("follows this JSON schema")) {
      const schema = JSON.parse(system.slice(system.indexOf("{", system.indexOf("JSON schema")))) as {
        properties: Record<string, unknown>;
      };
      return reply(
        `\`\`\`json\n${JSON.stringify(Object.fromEntries(Object.keys(schema.properties).map((key) => [key, last])))}\n\`\`\``,
      );
    }
    if (system.includes("Classify the user's text"))
      return reply(`Kategorie: ${last.includes("Fieber") ? "Symptome" : "Termin"}`);
    if (system.includes("Decide whether the user's text is about"))
      return reply(last.includes("Impf") ? "Yes." : "No.");
    if (system.includes("Rewrite the user's last question"))
      return reply(`Umformuliert: ${last.split("Question: ").at(-1)}`);
    if (system.includes("Translate the user's text into"))
      return reply(`Übersetzt (${system.split("into ")[1]?.split(".")[0]}): ${last}`);
    // "zitiere" asks for an answer that cites the first chunk itself; "knowledge:" echoes the knowledge prompt
    const cites = last.includes("zitiere") ? " [ID:0]" : "";
    const answer = last.includes("wissen?") ? `Wissen: ${system.slice(0, 4000)}` : `Antwort auf: ${last}${cites}`;
    if (body.model === "slow-stream") return slowStream(request, response);
    if (!body.stream) {
      return json(response, 200, {
        choices: [{ message: { role: "assistant", content: `<think>nachdenken</think>${answer}` } }],
        usage: { prompt_tokens: 7, completion_tokens: 4 },
      });
    }
    response.writeHead(200, { "Content-Type": "text/event-stream" });
    // "thinking-model" reasons first, its tags cut across deltas as real streams cut them
    const streamed =
      body.model === "thinking-model"
        ? ["<thi", "nk>Erst über", "legen.</th", "ink>\n", ...answer.split(/(?= )/)]
        : answer.split(/(?= )/);
    for (const piece of streamed)
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
    response.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 4 } })}\n\n`);
    response.end("data: [DONE]\n\n");
    return;
  }
  json(response, 404, { error: { message: `no route ${request.url}` } });
};

const ollamaHandler = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  const body = await readBody(request);
  if (request.url === "/api/embed") return json(response, 200, { embeddings: (body.input as string[]).map(embed) });
  if (request.url === "/api/chat" && (Array.isArray(body.tools) || hasToolTurns(body)))
    return ollamaToolTurn(response, body);
  if (request.url === "/api/chat") {
    const last = (body.messages as { content: string }[]).at(-1)?.content ?? "";
    const images = (body.messages as { images?: string[] }[]).at(-1)?.images;
    if (images)
      return json(response, 200, {
        message: { content: `Ollama sieht ${images.length} Bild` },
        done: true,
        prompt_eval_count: 30,
        eval_count: 4,
      });
    if (!body.stream)
      return json(response, 200, {
        message: { content: `Ollama: ${last}` },
        done: true,
        prompt_eval_count: 5,
        eval_count: 2,
      });
    response.writeHead(200, { "Content-Type": "application/x-ndjson" });
    response.write(`${JSON.stringify({ message: { content: "Ollama" }, done: false })}\n`);
    response.write(`${JSON.stringify({ message: { content: `: ${last}` }, done: false })}\n`);
    response.end(`${JSON.stringify({ message: { content: "" }, done: true, prompt_eval_count: 5, eval_count: 2 })}\n`);
    return;
  }
  json(response, 404, { error: `no route ${request.url}` });
};

// Anthropic's Messages API and Gemini's generateContent / batchEmbedContents on one server, besides the
// routes that check provider-specific credentials (provider-auth-routes.ts).
const cloudHandler = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  if (await providerAuthRoutes(request, response)) return;
  const body = await readBody(request);
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/v1/messages") {
    if (request.headers["x-api-key"] !== GOOD_KEY)
      return json(response, 401, {
        type: "error",
        error: { type: "authentication_error", message: "invalid x-api-key" },
      });
    const blocks = (body.messages as { content: unknown }[]).flatMap((turn) =>
      Array.isArray(turn.content) ? (turn.content as { type: string }[]) : [],
    );
    if (Array.isArray(body.tools) || blocks.some((block) => block.type.startsWith("tool_")))
      return anthropicToolTurn(response, body);
    const last = (body.messages as { content: string | { type: string }[] }[]).at(-1)?.content ?? "";
    if (Array.isArray(last))
      return json(response, 200, {
        content: [{ type: "text", text: `Claude sieht: ${last.map((part) => part.type).join("+")}` }],
        usage: { input_tokens: 40, output_tokens: 3 },
      });
    const answer = `Claude: ${last}${body.system ? ` [${body.system as string}]` : ""}`;
    if (!body.stream)
      return json(response, 200, {
        content: [{ type: "text", text: answer }],
        usage: { input_tokens: 9, output_tokens: 3 },
      });
    response.writeHead(200, { "Content-Type": "text/event-stream" });
    response.write(
      `event: message_start\ndata: ${JSON.stringify({ type: "message_start", message: { usage: { input_tokens: 9 } } })}\n\n`,
    );
    for (const piece of answer.split(/(?= )/))
      response.write(
        `event: content_block_delta\ndata: ${JSON.stringify({ type: "content_block_delta", delta: { type: "text_delta", text: piece } })}\n\n`,
      );
    response.write(
      `event: message_delta\ndata: ${JSON.stringify({ type: "message_delta", usage: { output_tokens: 3 } })}\n\n`,
    );
    response.end(`event: message_stop\ndata: ${JSON.stringify({ type: "message_stop" })}\n\n`);
    return;
  }
  if (url.pathname.startsWith("/v1beta/models/")) {
    if (request.headers["x-goog-api-key"] !== GOOD_KEY || url.searchParams.has("key"))
      return json(response, 400, { error: { code: 400, message: "API key not valid. Please pass a valid API key." } });
    if (url.pathname.endsWith(":batchEmbedContents")) {
      const requests = body.requests as { content: { parts: { text: string }[] } }[];
      return json(response, 200, {
        embeddings: requests.map((r) => ({ values: embed(r.content.parts[0]?.text ?? "") })),
      });
    }
    const contents = body.contents as {
      role: string;
      parts: {
        text?: string;
        inline_data?: { mime_type: string };
        functionCall?: unknown;
        functionResponse?: unknown;
      }[];
    }[];
    if (
      Array.isArray(body.tools) ||
      contents.some((content) => content.parts.some((part) => part.functionCall || part.functionResponse))
    ) {
      const model = decodeURIComponent(url.pathname.split("/").at(-1)?.split(":")[0] ?? "");
      return geminiToolTurn(response, body, model, url.pathname.endsWith(":streamGenerateContent"));
    }
    const inline = contents.at(-1)?.parts.find((part) => part.inline_data)?.inline_data;
    const answer = inline ? `Gemini sieht ${inline.mime_type}` : `Gemini: ${contents.at(-1)?.parts[0]?.text ?? ""}`;
    const usageMetadata = { promptTokenCount: 6, candidatesTokenCount: 2 };
    if (url.pathname.endsWith(":generateContent"))
      return json(response, 200, { candidates: [{ content: { parts: [{ text: answer }] } }], usageMetadata });
    response.writeHead(200, { "Content-Type": "text/event-stream" });
    // "thinking-model" reasons first, its tags cut across deltas as real streams cut them
    const streamed =
      body.model === "thinking-model"
        ? ["<thi", "nk>Erst über", "legen.</th", "ink>\n", ...answer.split(/(?= )/)]
        : answer.split(/(?= )/);
    for (const piece of streamed)
      response.write(
        `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: piece }] } }], usageMetadata })}\n\n`,
      );
    response.end();
    return;
  }
  json(response, 404, { error: `no route ${request.url}` });
};

const listen = (handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, path = "") =>
  new Promise<{ server: Server; url: string }>((resolve) => {
    const server = createServer((req, res) => void handler(req, res));
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}${path}` });
    });
  });

export const startOpenAiServer = () => listen(openAiHandler, "/v1");
export const startOllamaServer = () => listen(ollamaHandler);
// the private key of the test service account goes to the worker tests (TEST_GOOGLE_PRIVATE_KEY)
export const startCloudApiServer = async () => ({
  ...(await listen(cloudHandler)),
  googlePrivateKey: googlePrivateKeyPem,
});
