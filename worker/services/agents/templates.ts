import { dslFromSpecs } from "../../contract/agent-graph";
import type { AgentTemplate, Dsl } from "../../contract/agents";


const KNOWLEDGE_PROMPT =
  "Beantworte die Frage mit dem Wissen unten. Nenne nur, was dort steht; steht dort nichts Passendes, sage das.\n\nWissen:\n{Retrieval:kb@formalized_content}";

const template = (id: string, de: [string, string], en: [string, string], canvasType: string, dsl: Dsl): AgentTemplate => ({
  id,
  title: { de: de[0], en: en[0] },
  description: { de: de[1], en: en[1] },
  canvas_type: canvasType,
  dsl,
});

// Each runs with the built-in offline models (Retrieval needs a knowledge base chosen; web lookups need network).
export const TEMPLATES: AgentTemplate[] = [
  template(
    "health-faq",
    ["Gesundheits-FAQ", "Beantwortet Fragen aus einer Wissensdatenbank mit Quellen."],
    ["Health FAQ", "Answers questions from a knowledge base with sources."],
    "Recommended",
    dslFromSpecs([
      ["begin", "Begin", { name: "Start", prologue: "Hallo! Was möchten Sie über Ihre Gesundheit wissen?" }, ["Retrieval:kb"]],
      ["Retrieval:kb", "Retrieval", { name: "Wissen suchen", kb_ids: [], empty_response: "Dazu habe ich in der Wissensdatenbank nichts gefunden." }, ["Generate:answer"]],
      ["Generate:answer", "Generate", { name: "Antwort schreiben", sys_prompt: KNOWLEDGE_PROMPT, prompt: "{sys.query}" }, ["Answer:reply"]],
      ["Answer:reply", "Answer", { name: "Antworten" }, ["Retrieval:kb"]],
    ]),
  ),
  template(
    "question-classifier",
    ["Fragen-Verteiler", "Ordnet Anliegen Kategorien zu und antwortet je Kategorie."],
    ["Question classifier", "Sorts requests into categories and answers per category."],
    "Customer Support",
    dslFromSpecs([
      ["begin", "Begin", { name: "Start", prologue: "Worum geht es? Symptome, Termine oder etwas anderes?" }, ["Categorize:topic"]],
      [
        "Categorize:topic",
        "Categorize",
        {
          name: "Thema erkennen",
          category_description: {
            Symptome: { description: "Beschwerden, Schmerzen, Fieber, Krankheitszeichen", examples: ["Ich habe Fieber und Husten", "Mir tut der Kopf weh"], to: "Message:symptoms" },
            Termin: { description: "Termine vereinbaren, verschieben oder absagen", examples: ["Ich brauche einen Termin", "Kann ich meinen Termin verschieben?"], to: "Message:appointment" },
            Sonstiges: { description: "Alles andere", examples: ["Wie sind Ihre Öffnungszeiten?"], to: "Message:other" },
          },
        },
        ["Message:symptoms", "Message:appointment", "Message:other"],
      ],
      ["Message:symptoms", "Message", { name: "Symptome", content: ["Bei akuten Beschwerden rufen Sie bitte 116 117 an; im Notfall 112."] }],
      ["Message:appointment", "Message", { name: "Termin", content: ["Termine vereinbaren Sie online oder telefonisch in der Praxis."] }],
      ["Message:other", "Message", { name: "Sonstiges", content: ["Ich leite Ihre Frage an das Team weiter."] }],
    ]),
  ),
  template(
    "web-search-summary",
    ["Websuche mit Zusammenfassung", "Sucht in Wikipedia und fasst die Treffer zusammen."],
    ["Web search and summary", "Searches Wikipedia and summarises the results."],
    "Agent",
    dslFromSpecs([
      ["begin", "Begin", { name: "Start", prologue: "Wonach soll ich suchen?" }, ["Invoke:search"]],
      [
        "Invoke:search",
        "Invoke",
        { name: "Wikipedia suchen", url: "https://de.wikipedia.org/w/api.php?action=query&list=search&format=json&srlimit=5&srsearch={sys.query}", method: "GET", timeout: 15, exception_method: "comment", exception_default_value: "Die Suche war nicht erreichbar." },
        ["Generate:summary"],
      ],
      ["Generate:summary", "Generate", { name: "Zusammenfassen", sys_prompt: "Fasse diese Suchergebnisse in drei Sätzen zusammen:\n{Invoke:search@result}", prompt: "{sys.query}" }, ["Answer:reply"]],
      ["Answer:reply", "Answer", { name: "Antworten" }, ["Invoke:search"]],
    ]),
  ),
  template(
    "document-translation",
    ["Übersetzer", "Übersetzt Texte in die gewünschte Sprache."],
    ["Translator", "Translates text into the language you choose."],
    "Consumer App",
    dslFromSpecs(
      [
        ["begin", "Begin", { name: "Start", prologue: "Schicken Sie mir den Text, den ich übersetzen soll." }, ["Generate:translate"]],
        ["Generate:translate", "Generate", { name: "Übersetzen", sys_prompt: "Übersetze den Text des Nutzers nach {env.target_language}. Gib nur die Übersetzung aus.", prompt: "{sys.query}" }, ["Answer:reply"]],
        ["Answer:reply", "Answer", { name: "Antworten" }, ["Generate:translate"]],
      ],
      { target_language: "Englisch" },
    ),
  ),
  template(
    "support-triage",
    ["Support mit E-Mail-Übergabe", "Beantwortet Fragen aus der Wissensdatenbank; Beschwerden gehen per E-Mail an das Team."],
    ["Support with email hand-off", "Answers questions from the knowledge base; complaints go to the team by email."],
    "Customer Support",
    dslFromSpecs(
      [
        ["begin", "Begin", { name: "Start", prologue: "Wie kann ich helfen?" }, ["Categorize:kind"]],
        [
          "Categorize:kind",
          "Categorize",
          {
            name: "Anliegen",
            category_description: {
              Beschwerde: { description: "Unzufriedenheit, Reklamation, Beschwerde über Service oder Rechnung", examples: ["Ich bin sehr unzufrieden", "Ich möchte mich beschweren"], to: "Email:handoff" },
              Frage: { description: "Fragen zu Leistungen, Gesundheit, Abläufen", examples: ["Wie funktioniert das?", "Was muss ich mitbringen?"], to: "Retrieval:kb" },
            },
          },
          ["Email:handoff", "Retrieval:kb"],
        ],
        [
          "Email:handoff",
          "Email",
          { name: "An das Team", smtp_server: "{env.smtp_server}", smtp_port: 465, email: "{env.smtp_user}", password: "{env.smtp_password}", to: "{env.support_email}", subject: "Beschwerde über den Buddy", content: "{sys.query}", exception_method: "comment", exception_default_value: "E-Mail nicht versendet" },
          ["Message:handoff"],
        ],
        ["Message:handoff", "Message", { name: "Bestätigen", content: ["Danke! Ihr Anliegen ist an unser Team weitergeleitet."] }],
        ["Retrieval:kb", "Retrieval", { name: "Wissen suchen", kb_ids: [], empty_response: "Dazu weiß ich leider nichts." }, ["Generate:answer"]],
        ["Generate:answer", "Generate", { name: "Antwort schreiben", sys_prompt: KNOWLEDGE_PROMPT, prompt: "{sys.query}" }, ["Answer:reply"]],
        ["Answer:reply", "Answer", { name: "Antworten" }, ["Categorize:kind"]],
      ],
      { smtp_server: "", smtp_user: "", smtp_password: "", support_email: "" },
    ),
  ),
  template(
    "list-iteration",
    ["Liste abarbeiten", "Nimmt eine kommagetrennte Liste und bearbeitet jeden Eintrag."],
    ["Work through a list", "Takes a comma-separated list and handles each item."],
    "Other",
    dslFromSpecs([
      ["begin", "Begin", { name: "Start", prologue: "Nennen Sie mir eine Liste, durch Kommas getrennt." }, ["Iteration:items"]],
      ["Iteration:items", "Iteration", { name: "Für jeden Eintrag", items_ref: "{sys.query}", delimiter: "," }, ["Message:done"]],
      ["Template:item", "Template", { name: "Eintrag", content: "{Iteration:items@index}. {Iteration:items@item}" }, [], "Iteration:items"],
      ["Message:done", "Message", { name: "Ergebnis", content: ["Ihre Liste:\n{Iteration:items@content}"] }],
    ]),
  ),
  template(
    "http-lookup",
    ["HTTP-Abfrage", "Fragt eine JSON-API ab und zeigt das Ergebnis."],
    ["HTTP lookup", "Queries a JSON API and shows the result."],
    "Agent",
    dslFromSpecs(
      [
        ["begin", "Begin", { name: "Start", prologue: "Was soll ich nachschlagen?" }, ["Invoke:api"]],
        ["Invoke:api", "Invoke", { name: "API abfragen", url: "{env.api_url}", method: "GET", variables: [{ key: "q", ref: "{sys.query}" }], timeout: 15, exception_method: "comment", exception_default_value: "Die API war nicht erreichbar." }, ["Template:result"]],
        ["Template:result", "Template", { name: "Ergebnis formatieren", content: "Ergebnis für „{sys.query}“:\n{Invoke:api@result}" }, ["Message:result"]],
        ["Message:result", "Message", { name: "Zeigen", content: ["{Template:result@content}"] }],
      ],
      { api_url: "https://api.example.org/search" },
    ),
  ),
  template(
    "health-gate",
    ["Nur Gesundheitsfragen", "Prüft, ob eine Frage zum Thema passt, bevor sie beantwortet wird."],
    ["Health questions only", "Checks whether a question is on topic before answering it."],
    "Recommended",
    dslFromSpecs([
      ["begin", "Begin", { name: "Start", prologue: "Stellen Sie mir eine Gesundheitsfrage." }, ["Relevant:topic"]],
      ["Relevant:topic", "Relevant", { name: "Passt das Thema?", criteria: "Gesundheit Krankheit Symptome Impfung Ernährung Schlaf Bewegung Medikamente", yes: "Retrieval:kb", no: "Message:off" }, ["Retrieval:kb", "Message:off"]],
      ["Retrieval:kb", "Retrieval", { name: "Wissen suchen", kb_ids: [], empty_response: "Dazu habe ich nichts gefunden." }, ["Generate:answer"]],
      ["Generate:answer", "Generate", { name: "Antwort schreiben", sys_prompt: KNOWLEDGE_PROMPT, prompt: "{sys.query}" }, ["Answer:reply"]],
      ["Answer:reply", "Answer", { name: "Antworten" }, ["Relevant:topic"]],
      ["Message:off", "Message", { name: "Ablehnen", content: ["Dazu kann ich nichts sagen; ich beantworte nur Gesundheitsfragen."] }],
    ]),
  ),
  template(
    "age-advice",
    ["Hinweis nach Alter", "Verzweigt mit einer Bedingung: ab 60 Jahren ein anderer Hinweis."],
    ["Advice by age", "Branches on a condition: different advice from age 60."],
    "Other",
    dslFromSpecs([
      ["begin", "Begin", { name: "Start", prologue: "Wie alt sind Sie?", inputs: {} }, ["Switch:age"]],
      ["Switch:age", "Switch", { name: "Alter prüfen", conditions: [{ logical_operator: "and", items: [{ cpn_id: "{sys.query}", operator: "≥", value: "60" }], to: "Message:senior" }], end_cpn_ids: ["Message:adult"] }, ["Message:senior", "Message:adult"]],
      ["Message:senior", "Message", { name: "Ab 60", content: ["Ab 60 Jahren empfiehlt die STIKO die jährliche Grippeimpfung."] }],
      ["Message:adult", "Message", { name: "Unter 60", content: ["Unter 60 Jahren ist die Grippeimpfung vor allem bei Vorerkrankungen empfohlen."] }],
    ]),
  ),
];
