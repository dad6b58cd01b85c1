import { dslFromSpecs } from "../../contract/agent-graph";
import { type Definition, type Say, template } from "./templates-define";

// The health templates of RAGFlow v0.27's generation: an LLM, an Agent with tools, a question back to the user and
// a generated document. Their models are the team's default chat model (llm_id ""); the Agent needs one that can
// call tools.

const disclaimer = (say: Say) =>
  say(
    "Diese Einschätzung ersetzt keine ärztliche Untersuchung. Bei Notfällen rufen Sie 112 an.",
    "This assessment does not replace a medical examination. In an emergency call 112.",
  );

const symptomTriage = template(
  "symptom-triage",
  ["Symptom-Ersteinschätzung", "Fragt nach Dauer und Stärke der Beschwerden und schätzt die Dringlichkeit ein."],
  ["Symptom triage", "Asks how long and how strong the symptoms are and rates how urgent they are."],
  "Recommended",
  (say) =>
    dslFromSpecs([
      [
        "begin",
        "Begin",
        {
          name: "Start",
          prologue: say("Welche Beschwerden haben Sie?", "What symptoms do you have?"),
        },
        ["UserFillUp:details"],
      ],
      [
        "UserFillUp:details",
        "UserFillUp",
        {
          name: say("Nachfragen", "Ask back"),
          enable_tips: true,
          tips: say(
            "Seit wann haben Sie „{sys.query}“, und wie stark ist es (1–10)?",
            'Since when have you had "{sys.query}", and how strong is it (1–10)?',
          ),
          inputs: {
            since: { name: say("Seit wann", "Since when"), type: "line", optional: false },
            severity: { name: say("Stärke (1–10)", "Severity (1–10)"), type: "number", optional: false },
          },
        },
        ["LLM:triage"],
      ],
      [
        "LLM:triage",
        "LLM",
        {
          name: say("Einschätzen", "Assess"),
          llm_id: "",
          sys_prompt: say(
            "Du schätzt die Dringlichkeit von Beschwerden ein: Notfall (112), heute zur Ärztin oder zum Arzt, in den nächsten Tagen, oder Selbstversorgung. Begründe kurz und nenne Warnzeichen.",
            "You rate how urgent symptoms are: emergency (112), see a doctor today, within the next days, or self-care. Give a short reason and name warning signs.",
          ),
          prompts: [
            {
              role: "user",
              content: say(
                "Beschwerden: {sys.query}\nSeit: {UserFillUp:details@since}\nStärke: {UserFillUp:details@severity}",
                "Symptoms: {sys.query}\nSince: {UserFillUp:details@since}\nSeverity: {UserFillUp:details@severity}",
              ),
            },
          ],
        },
        ["Message:advice"],
      ],
      [
        "Message:advice",
        "Message",
        { name: say("Antworten", "Answer"), content: [`{LLM:triage@content}\n\n${disclaimer(say)}`] },
      ],
    ]),
);

const guidelineQa = template(
  "guideline-qa",
  [
    "Leitlinien-Fragen",
    "Beantwortet Fragen aus Leitlinien einer Wissensdatenbank und sucht bei Bedarf Studien in PubMed.",
  ],
  ["Guideline Q&A", "Answers questions from guidelines in a knowledge base and looks up studies in PubMed if needed."],
  "Recommended",
  (say) =>
    dslFromSpecs([
      [
        "begin",
        "Begin",
        {
          name: "Start",
          prologue: say("Welche Frage zu den Leitlinien haben Sie?", "What is your question about the guidelines?"),
        },
        ["Retrieval:guidelines"],
      ],
      [
        "Retrieval:guidelines",
        "Retrieval",
        {
          name: say("Leitlinien suchen", "Search guidelines"),
          kb_ids: [],
          empty_response: "",
        },
        ["Agent:guide"],
      ],
      [
        "Agent:guide",
        "Agent",
        {
          name: say("Leitlinien-Agent", "Guideline agent"),
          llm_id: "",
          sys_prompt: say(
            "Beantworte medizinische Fachfragen zuerst mit den Leitlinien unten. Reichen sie nicht, suche mit dem Werkzeug PubMed nach Studien und nenne sie mit PMID. Kennzeichne, was aus Leitlinien und was aus Studien stammt.\n\nLeitlinien:\n{Retrieval:guidelines@formalized_content}",
            "Answer clinical questions from the guidelines below first. If they do not suffice, search PubMed with the tool and cite studies with their PMID. Mark what comes from guidelines and what from studies.\n\nGuidelines:\n{Retrieval:guidelines@formalized_content}",
          ),
          prompts: [{ role: "user", content: "{sys.query}" }],
          max_rounds: 3,
          tools: [{ component_name: "PubMed", name: "PubMed", params: { email: "", top_n: 5 } }],
        },
        ["Message:answer"],
      ],
      ["Message:answer", "Message", { name: say("Antworten", "Answer"), content: ["{Agent:guide@content}"] }],
    ]),
);

const patientLetter = template(
  "patient-letter",
  [
    "Patientenbrief",
    "Schreibt aus Befunden einen verständlichen Brief an die Patientin oder den Patienten als Word-Datei.",
  ],
  ["Patient letter", "Writes an easy-to-read letter to the patient from the findings, as a Word file."],
  "Recommended",
  (say) =>
    dslFromSpecs([
      [
        "begin",
        "Begin",
        {
          name: "Start",
          mode: "task",
          inputs: {
            patient: {
              name: say("Name der Patientin / des Patienten", "Patient's name"),
              type: "line",
              optional: false,
            },
            findings: { name: say("Befunde", "Findings"), type: "paragraph", optional: false },
          },
        },
        ["LLM:letter"],
      ],
      [
        "LLM:letter",
        "LLM",
        {
          name: say("Brief schreiben", "Write the letter"),
          llm_id: "",
          sys_prompt: say(
            "Schreibe einen freundlichen Brief in einfacher Sprache an die Patientin oder den Patienten, in Markdown: eine Überschrift, die Befunde erklärt, eine Liste der nächsten Schritte. Erfinde nichts hinzu.",
            "Write a friendly letter in plain language to the patient, in Markdown: a heading, the findings explained, a list of the next steps. Add nothing that is not given.",
          ),
          prompts: [
            {
              role: "user",
              content: say(
                "Patient/in: {begin@patient}\nBefunde: {begin@findings}",
                "Patient: {begin@patient}\nFindings: {begin@findings}",
              ),
            },
          ],
        },
        ["DocGenerator:letter"],
      ],
      [
        "DocGenerator:letter",
        "DocGenerator",
        {
          name: say("Word-Datei erzeugen", "Create the Word file"),
          output_format: "docx",
          content: "{LLM:letter@content}",
          filename: say("Patientenbrief {begin@patient}", "Patient letter {begin@patient}"),
          add_timestamp: false,
        },
        ["Message:done"],
      ],
      [
        "Message:done",
        "Message",
        {
          name: say("Link zeigen", "Show the link"),
          content: [
            say("Der Brief ist fertig: {DocGenerator:letter@link}", "The letter is ready: {DocGenerator:letter@link}"),
          ],
        },
      ],
    ]),
);

export const HEALTH_TEMPLATES: Definition[] = [symptomTriage, guidelineQa, patientLetter];
