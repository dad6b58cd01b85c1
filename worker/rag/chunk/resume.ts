import type { ChatMessage } from "../../platform/providers/types";
import { jsonObjectIn } from "../json-answer";
import type { ParsedDocument } from "../parse/types";
import { naiveMerge } from "./merge";
import type { ChunkConfig, ChunkDraft } from "./types";

export type Education = { school: string; degree: string; major: string; period: string };
export type Experience = { company: string; position: string; period: string };

// RAGFlow's resume fields (name, contact, schools, degrees, companies, positions, skills …), named in English.
export type ResumeFields = {
  name: string;
  email: string;
  phone: string;
  location: string;
  position: string;
  years_of_experience: number | null;
  education: Education[];
  experience: Experience[];
  skills: string[];
  languages: string[];
};

// The model reads at most this much of the resume (a resume is a few pages).
const MAX_RESUME_CHARS = 24_000;

const SCHEMA = `{"name": "", "email": "", "phone": "", "location": "", "position": "current or wanted job title",
"years_of_experience": 0, "education": [{"school": "", "degree": "", "major": "", "period": "2015–2019"}],
"experience": [{"company": "", "position": "", "period": "2019–today"}], "skills": [""], "languages": [""]}`;

export const resumePrompt = (text: string): ChatMessage[] => [
  {
    role: "system",
    content:
      "You read a resume (CV) and extract its facts. Answer with one JSON object of this shape and nothing else:\n" +
      `${SCHEMA}\n` +
      'Use "" or [] (years_of_experience: null) for what the resume does not say; never guess. Keep the resume\'s language.',
  },
  { role: "user", content: text.slice(0, MAX_RESUME_CHARS) },
];

const text = (value: unknown) =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
const texts = (value: unknown) => [...new Set((Array.isArray(value) ? value : []).map(text).filter(Boolean))];
const records = <K extends string>(value: unknown, keys: K[]) =>
  (Array.isArray(value) ? value : [])
    .filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === "object")
    .map((item) => Object.fromEntries(keys.map((key) => [key, text(item[key])])) as Record<K, string>)
    .filter((item) => keys.some((key) => item[key]));

// The fields in the model's answer, or null when it holds no JSON object or nothing the resume says.
export const parseResume = (answer: string): ResumeFields | null => {
  const json = jsonObjectIn(answer);
  if (!json) return null;
  const years = Number(json.years_of_experience);
  const fields: ResumeFields = {
    name: text(json.name),
    email: text(json.email),
    phone: text(json.phone),
    location: text(json.location),
    position: text(json.position),
    years_of_experience: json.years_of_experience != null && Number.isFinite(years) && years > 0 ? years : null,
    education: records(json.education, ["school", "degree", "major", "period"]),
    experience: records(json.experience, ["company", "position", "period"]),
    skills: texts(json.skills),
    languages: texts(json.languages),
  };
  const found = Object.values(fields).some((value) => (Array.isArray(value) ? value.length : value));
  return found ? fields : null;
};

const joined = (parts: string[]) => parts.filter(Boolean).join(", ");

// The fields as "Label: value" lines (RAGFlow keeps a resume's fields as one chunk of such lines).
export const resumeProfile = (fields: ResumeFields) =>
  [
    ["Name", fields.name],
    ["E-mail", fields.email],
    ["Phone", fields.phone],
    ["Location", fields.location],
    ["Position", fields.position],
    ["Years of experience", fields.years_of_experience == null ? "" : String(fields.years_of_experience)],
    ...fields.education.map((e) => ["Education", joined([e.degree, e.major, e.school, e.period])]),
    ...fields.experience.map((e) => ["Experience", joined([e.position, e.company, e.period])]),
    ["Skills", fields.skills.join(", ")],
    ["Languages", fields.languages.join(", ")],
  ]
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");

// The fields that join the document's metadata (filterable like any metadata); empty ones are left out.
export const resumeMetadata = (fields: ResumeFields): Record<string, string | number | string[]> => {
  const entries: [string, string | number | string[]][] = [
    ["name", fields.name],
    ["email", fields.email],
    ["phone", fields.phone],
    ["location", fields.location],
    ["position", fields.position],
    ["years_of_experience", fields.years_of_experience ?? ""],
    ["schools", texts(fields.education.map((e) => e.school))],
    ["degrees", texts(fields.education.map((e) => e.degree))],
    ["companies", texts(fields.experience.map((e) => e.company))],
    ["skills", fields.skills],
    ["languages", fields.languages],
  ];
  return Object.fromEntries(entries.filter(([, value]) => (Array.isArray(value) ? value.length : value !== "")));
};

// A resume: one chunk of its fields (found by the name and skills as keywords), then its text as General.
export const resumeChunks = (fields: ResumeFields, parsed: ParsedDocument, config: ChunkConfig): ChunkDraft[] => [
  {
    content: resumeProfile(fields),
    pages: [...new Set(parsed.blocks.flatMap((block) => (block.page ? [block.page] : [])))].slice(0, 1),
    keywords: texts([fields.name, ...fields.skills]),
  },
  ...naiveMerge(parsed.blocks, config),
];
