import { type ComponentSpec, dslFromSpecs } from "../../contract/agent-graph";
import type { AgentTemplate, TemplateLanguage } from "../../contract/agents";
import { type Definition, type Say, template } from "./templates-define";
import { HEALTH_TEMPLATES } from "./templates-health";

const knowledgePrompt = (say: Say) =>
  say(
    "Beantworte die Frage mit dem Wissen unten. Nenne nur, was dort steht; steht dort nichts Passendes, sage das.\n\nWissen:\n{Retrieval:kb@formalized_content}",
    "Answer the question with the knowledge below. Say only what it says; if nothing there fits, say so.\n\nKnowledge:\n{Retrieval:kb@formalized_content}",
  );

// The model step of the knowledge-base templates: the team's default chat model answers from the Retrieval's
// chunks (the built-in offline model quotes their best sentences).
const knowledgeAnswer = (say: Say): ComponentSpec => [
  "LLM:answer",
  "LLM",
  {
    name: say("Antwort schreiben", "Write the answer"),
    llm_id: "",
    sys_prompt: knowledgePrompt(say),
    prompts: [{ role: "user", content: "{sys.query}" }],
  },
  ["Message:reply"],
];

const reply = (say: Say): ComponentSpec => [
  "Message:reply",
  "Message",
  { name: say("Antworten", "Answer"), content: ["{LLM:answer@content}"] },
];

// Built from RAGFlow v0.27's components (LLM, Agent, Message, Categorize, Switch, Iteration, StringTransform). All
// but the web search run with the built-in offline models; its Agent needs a chat model that calls tools.
// Retrieval needs a knowledge base chosen; web lookups need network.
const DEFINITIONS: Definition[] = [
  template(
    "health-faq",
    ["Gesundheits-FAQ", "Beantwortet Fragen aus einer Wissensdatenbank mit Quellen."],
    ["Health FAQ", "Answers questions from a knowledge base with sources."],
    "Recommended",
    (say) =>
      dslFromSpecs([
        [
          "begin",
          "Begin",
          {
            name: "Start",
            prologue: say(
              "Hallo! Was möchten Sie über Ihre Gesundheit wissen?",
              "Hello! What would you like to know about your health?",
            ),
          },
          ["Retrieval:kb"],
        ],
        [
          "Retrieval:kb",
          "Retrieval",
          {
            name: say("Wissen suchen", "Search knowledge"),
            kb_ids: [],
            empty_response: say(
              "Dazu habe ich in der Wissensdatenbank nichts gefunden.",
              "I found nothing about that in the knowledge base.",
            ),
          },
          ["LLM:answer"],
        ],
        knowledgeAnswer(say),
        reply(say),
      ]),
  ),
  template(
    "question-classifier",
    ["Fragen-Verteiler", "Ordnet Anliegen Kategorien zu und antwortet je Kategorie."],
    ["Question classifier", "Sorts requests into categories and answers per category."],
    "Customer Support",
    (say) =>
      dslFromSpecs([
        [
          "begin",
          "Begin",
          {
            name: "Start",
            prologue: say(
              "Worum geht es? Symptome, Termine oder etwas anderes?",
              "What is it about? Symptoms, appointments or something else?",
            ),
          },
          ["Categorize:topic"],
        ],
        [
          "Categorize:topic",
          "Categorize",
          {
            name: say("Thema erkennen", "Recognise the topic"),
            category_description: {
              [say("Symptome", "Symptoms")]: {
                description: say(
                  "Beschwerden, Schmerzen, Fieber, Krankheitszeichen",
                  "complaints, pain, fever, signs of illness",
                ),
                examples: [
                  say("Ich habe Fieber und Husten", "I have a fever and a cough"),
                  say("Mir tut der Kopf weh", "My head hurts"),
                ],
                to: "Message:symptoms",
              },
              [say("Termin", "Appointment")]: {
                description: say("Termine vereinbaren, verschieben oder absagen", "make, move or cancel appointments"),
                examples: [
                  say("Ich brauche einen Termin", "I need an appointment"),
                  say("Kann ich meinen Termin verschieben?", "Can I move my appointment?"),
                ],
                to: "Message:appointment",
              },
              [say("Sonstiges", "Other")]: {
                description: say("Alles andere", "everything else"),
                examples: [say("Wie sind Ihre Öffnungszeiten?", "What are your opening hours?")],
                to: "Message:other",
              },
            },
          },
          ["Message:symptoms", "Message:appointment", "Message:other"],
        ],
        [
          "Message:symptoms",
          "Message",
          {
            name: say("Symptome", "Symptoms"),
            content: [
              say(
                "Bei akuten Beschwerden rufen Sie bitte 116 117 an; im Notfall 112.",
                "For acute complaints please call 116 117; in an emergency 112.",
              ),
            ],
          },
        ],
        [
          "Message:appointment",
          "Message",
          {
            name: say("Termin", "Appointment"),
            content: [
              say(
                "Termine vereinbaren Sie online oder telefonisch in der Praxis.",
                "Make appointments online or by phone with the practice.",
              ),
            ],
          },
        ],
        [
          "Message:other",
          "Message",
          {
            name: say("Sonstiges", "Other"),
            content: [say("Ich leite Ihre Frage an das Team weiter.", "I will pass your question on to the team.")],
          },
        ],
      ]),
  ),
  template(
    "web-search-summary",
    ["Websuche mit Zusammenfassung", "Sucht in Wikipedia und fasst die Treffer zusammen."],
    ["Web search and summary", "Searches Wikipedia and summarises the results."],
    "Agent",
    (say) =>
      dslFromSpecs([
        [
          "begin",
          "Begin",
          { name: "Start", prologue: say("Wonach soll ich suchen?", "What should I search for?") },
          ["Agent:search"],
        ],
        [
          "Agent:search",
          "Agent",
          {
            name: say("Suchen und zusammenfassen", "Search and summarise"),
            llm_id: "",
            sys_prompt: say(
              "Suche mit dem Werkzeug Wikipedia nach dem Thema des Nutzers und fasse die Treffer in drei Sätzen zusammen. Nenne die Artikel, aus denen du zitierst. Findest du nichts, sage das.",
              "Search Wikipedia with the tool for the user's topic and summarise the results in three sentences. Name the articles you quote. If you find nothing, say so.",
            ),
            prompts: [{ role: "user", content: "{sys.query}" }],
            max_rounds: 2,
            // no error branch: without a model that calls tools the run fails visibly instead of answering unsearched
            tools: [
              {
                component_name: "Wikipedia",
                name: "Wikipedia",
                params: { language: say("de", "en"), top_n: 5 },
              },
            ],
          },
          ["Message:reply"],
        ],
        ["Message:reply", "Message", { name: say("Antworten", "Answer"), content: ["{Agent:search@content}"] }],
      ]),
  ),
  template(
    "document-translation",
    ["Übersetzer", "Übersetzt Texte in die gewünschte Sprache."],
    ["Translator", "Translates text into the language you choose."],
    "Consumer App",
    (say) =>
      dslFromSpecs(
        [
          [
            "begin",
            "Begin",
            {
              name: "Start",
              prologue: say(
                "Schicken Sie mir den Text, den ich übersetzen soll.",
                "Send me the text you want translated.",
              ),
            },
            ["LLM:translate"],
          ],
          [
            "LLM:translate",
            "LLM",
            {
              name: say("Übersetzen", "Translate"),
              llm_id: "",
              sys_prompt: say(
                "Übersetze den Text des Nutzers nach {env.target_language}. Gib nur die Übersetzung aus.",
                "Translate the user's text into {env.target_language}. Give only the translation.",
              ),
              prompts: [{ role: "user", content: "{sys.query}" }],
              message_history_window_size: 0,
            },
            ["Message:reply"],
          ],
          ["Message:reply", "Message", { name: say("Antworten", "Answer"), content: ["{LLM:translate@content}"] }],
        ],
        { target_language: say("Englisch", "German") },
      ),
  ),
  template(
    "support-triage",
    [
      "Support mit E-Mail-Übergabe",
      "Beantwortet Fragen aus der Wissensdatenbank; Beschwerden gehen per E-Mail an das Team.",
    ],
    ["Support with email hand-off", "Answers questions from the knowledge base; complaints go to the team by email."],
    "Customer Support",
    (say) =>
      dslFromSpecs(
        [
          [
            "begin",
            "Begin",
            { name: "Start", prologue: say("Wie kann ich helfen?", "How can I help?") },
            ["Categorize:kind"],
          ],
          [
            "Categorize:kind",
            "Categorize",
            {
              name: say("Anliegen", "Request"),
              llm_id: "",
              category_description: {
                [say("Beschwerde", "Complaint")]: {
                  description: say(
                    "Unzufriedenheit, Reklamation, Beschwerde über Service oder Rechnung",
                    "dissatisfaction, complaint about service or invoice",
                  ),
                  examples: [
                    say("Ich bin sehr unzufrieden", "I am very unhappy"),
                    say("Ich möchte mich beschweren", "I want to complain"),
                  ],
                  to: "Email:handoff",
                },
                [say("Frage", "Question")]: {
                  description: say(
                    "Fragen zu Leistungen, Gesundheit, Abläufen",
                    "questions about services, health, procedures",
                  ),
                  examples: [
                    say("Wie funktioniert das?", "How does this work?"),
                    say("Was muss ich mitbringen?", "What do I need to bring?"),
                  ],
                  to: "Retrieval:kb",
                },
              },
            },
            ["Email:handoff", "Retrieval:kb"],
          ],
          [
            "Email:handoff",
            "Email",
            {
              name: say("An das Team", "To the team"),
              smtp_server: "{env.smtp_server}",
              smtp_port: 465,
              email: "{env.smtp_user}",
              password: "{env.smtp_password}",
              to: "{env.support_email}",
              subject: say("Beschwerde über den Buddy", "Complaint via the Buddy"),
              content: "{sys.query}",
              exception_method: "comment",
              exception_default_value: say("E-Mail nicht versendet", "Email not sent"),
            },
            ["Message:handoff"],
          ],
          [
            "Message:handoff",
            "Message",
            {
              name: say("Bestätigen", "Confirm"),
              content: [
                say(
                  "Danke! Ihr Anliegen ist an unser Team weitergeleitet.",
                  "Thank you! Your request has been passed on to our team.",
                ),
              ],
            },
          ],
          [
            "Retrieval:kb",
            "Retrieval",
            {
              name: say("Wissen suchen", "Search knowledge"),
              kb_ids: [],
              empty_response: say("Dazu weiß ich leider nichts.", "Sorry, I know nothing about that."),
            },
            ["LLM:answer"],
          ],
          knowledgeAnswer(say),
          reply(say),
        ],
        { smtp_server: "", smtp_user: "", smtp_password: "", support_email: "" },
      ),
  ),
  template(
    "list-iteration",
    ["Liste abarbeiten", "Nimmt eine kommagetrennte Liste und bearbeitet jeden Eintrag."],
    ["Work through a list", "Takes a comma-separated list and handles each item."],
    "Other",
    (say) =>
      dslFromSpecs([
        [
          "begin",
          "Begin",
          {
            name: "Start",
            prologue: say("Nennen Sie mir eine Liste, durch Kommas getrennt.", "Give me a list, separated by commas."),
          },
          ["Iteration:items"],
        ],
        [
          "Iteration:items",
          "Iteration",
          { name: say("Für jeden Eintrag", "For each item"), items_ref: "{sys.query}", delimiter: "," },
          ["Message:done"],
        ],
        [
          "StringTransform:item",
          "StringTransform",
          {
            name: say("Eintrag", "Item"),
            method: "merge",
            script: "{Iteration:items@index}. {Iteration:items@item}",
            delimiters: [","],
          },
          [],
          "Iteration:items",
        ],
        [
          "Message:done",
          "Message",
          {
            name: say("Ergebnis", "Result"),
            content: [say("Ihre Liste:\n{Iteration:items@content}", "Your list:\n{Iteration:items@content}")],
          },
        ],
      ]),
  ),
  template(
    "http-lookup",
    ["HTTP-Abfrage", "Fragt eine JSON-API ab und zeigt das Ergebnis."],
    ["HTTP lookup", "Queries a JSON API and shows the result."],
    "Agent",
    (say) =>
      dslFromSpecs(
        [
          [
            "begin",
            "Begin",
            { name: "Start", prologue: say("Was soll ich nachschlagen?", "What should I look up?") },
            ["Invoke:api"],
          ],
          [
            "Invoke:api",
            "Invoke",
            {
              name: say("API abfragen", "Query the API"),
              url: "{env.api_url}",
              method: "GET",
              variables: [{ key: "q", ref: "{sys.query}" }],
              timeout: 15,
              exception_method: "comment",
              exception_default_value: say("Die API war nicht erreichbar.", "The API could not be reached."),
            },
            ["StringTransform:result"],
          ],
          [
            "StringTransform:result",
            "StringTransform",
            {
              name: say("Ergebnis formatieren", "Format the result"),
              method: "merge",
              script: say(
                "Ergebnis für „{sys.query}“:\n{Invoke:api@result}",
                "Result for “{sys.query}”:\n{Invoke:api@result}",
              ),
              delimiters: [","],
            },
            ["Message:result"],
          ],
          ["Message:result", "Message", { name: say("Zeigen", "Show"), content: ["{StringTransform:result@result}"] }],
        ],
        { api_url: "https://api.example.org/search" },
      ),
  ),
  template(
    "health-gate",
    ["Nur Gesundheitsfragen", "Prüft, ob eine Frage zum Thema passt, bevor sie beantwortet wird."],
    ["Health questions only", "Checks whether a question is on topic before answering it."],
    "Recommended",
    (say) =>
      dslFromSpecs([
        [
          "begin",
          "Begin",
          { name: "Start", prologue: say("Stellen Sie mir eine Gesundheitsfrage.", "Ask me a health question.") },
          ["Categorize:topic"],
        ],
        [
          "Categorize:topic",
          "Categorize",
          {
            name: say("Passt das Thema?", "On topic?"),
            llm_id: "",
            // first: a question that shares no words with either category is declined
            category_description: {
              [say("Anderes Thema", "Other topic")]: {
                description: say(
                  "Alles, was nicht Gesundheit betrifft: Wetter, Politik, Technik, Sport",
                  "anything not about health: weather, politics, technology, sports",
                ),
                examples: [say("Wird es morgen regnen?", "Will it rain tomorrow?")],
                to: "Message:off",
              },
              [say("Gesundheit", "Health")]: {
                description: say(
                  "Gesundheit Krankheit Symptome Impfung Grippeimpfung Ernährung Schlaf Bewegung Medikamente",
                  "health illness symptoms vaccination flu nutrition sleep exercise medication",
                ),
                examples: [
                  say("Wann wird die Grippeimpfung empfohlen?", "When is the flu vaccination recommended?"),
                  say("Was hilft gegen Kopfschmerzen?", "What helps against a headache?"),
                ],
                to: "Retrieval:kb",
              },
            },
          },
          ["Retrieval:kb", "Message:off"],
        ],
        [
          "Retrieval:kb",
          "Retrieval",
          {
            name: say("Wissen suchen", "Search knowledge"),
            kb_ids: [],
            empty_response: say("Dazu habe ich nichts gefunden.", "I found nothing about that."),
          },
          ["LLM:answer"],
        ],
        knowledgeAnswer(say),
        reply(say),
        [
          "Message:off",
          "Message",
          {
            name: say("Ablehnen", "Decline"),
            content: [
              say(
                "Dazu kann ich nichts sagen; ich beantworte nur Gesundheitsfragen.",
                "I cannot say anything about that; I only answer health questions.",
              ),
            ],
          },
        ],
      ]),
  ),
  template(
    "age-advice",
    ["Hinweis nach Alter", "Verzweigt mit einer Bedingung: ab 60 Jahren ein anderer Hinweis."],
    ["Advice by age", "Branches on a condition: different advice from age 60."],
    "Other",
    (say) =>
      dslFromSpecs([
        [
          "begin",
          "Begin",
          { name: "Start", prologue: say("Wie alt sind Sie?", "How old are you?"), inputs: {} },
          ["Switch:age"],
        ],
        [
          "Switch:age",
          "Switch",
          {
            name: say("Alter prüfen", "Check the age"),
            conditions: [
              {
                logical_operator: "and",
                items: [{ cpn_id: "{sys.query}", operator: "≥", value: "60" }],
                to: "Message:senior",
              },
            ],
            end_cpn_ids: ["Message:adult"],
          },
          ["Message:senior", "Message:adult"],
        ],
        [
          "Message:senior",
          "Message",
          {
            name: say("Ab 60", "From 60"),
            content: [
              say(
                "Ab 60 Jahren empfiehlt die STIKO die jährliche Grippeimpfung.",
                "From the age of 60 the STIKO recommends a yearly flu vaccination.",
              ),
            ],
          },
        ],
        [
          "Message:adult",
          "Message",
          {
            name: say("Unter 60", "Under 60"),
            content: [
              say(
                "Unter 60 Jahren ist die Grippeimpfung vor allem bei Vorerkrankungen empfohlen.",
                "Under 60 the flu vaccination is recommended mainly for people with pre-existing conditions.",
              ),
            ],
          },
        ],
      ]),
  ),
];

// The templates with their flows' texts (names, greetings, prompts, messages) in one language; titles and
// descriptions come in both.
export const agentTemplates = (language: TemplateLanguage): AgentTemplate[] => {
  const say: Say = (de, en) => (language === "en" ? en : de);
  return [...DEFINITIONS, ...HEALTH_TEMPLATES].map(({ dsl, ...described }) => ({ ...described, dsl: dsl(say) }));
};
