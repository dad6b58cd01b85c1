import type { de } from "../i18n/locales/de";

type ServerMessage = keyof typeof de.common.server;

// Server messages (RAGFlow's English wording, kept for API clients) that people meet in the web app, with the
// catalogue entry (common.server.*) that says the same in their language; named groups fill its placeholders.
const KNOWN: [RegExp, ServerMessage][] = [
  [/^The chat doesn't exist/, "dialogNotFound"],
  [/^Chat\(.*\) not found\.$/, "dialogNotFound"],
  [/^duplicated chat name( in creating chat)?$/, "chatNameTaken"],
  [/^Duplicated search name\.$/, "searchNameTaken"],
  [/^Duplicated document name in the same dataset\.$/, "documentNameTaken"],
  [/^Dataset name '(?<name>.*)' already exists$/, "datasetNameTaken"],
  [/^Agent with title (?<name>.*) already exists\.$/, "agentNameTaken"],
  [/^Duplicated name in the same folder: (?<name>.*)$/, "fileNameTaken"],
  [/^Session not found!$/, "sessionNotFound"],
  [/^User not found: (?<email>.*)\. Only registered users can be invited\.$/, "inviteUnknownUser"],
  [/^The owner cannot leave or be removed from their own team\.$/, "ownerStays"],
  [/^Has no permission for this operation\.$/, "noPermission"],
  [
    /^(?:[Yy]ou don't own the (?:dataset|document|agent|prompt template)\b|User '.*' lacks permission for dataset)/,
    "notYours",
  ],
  [/^Connection test failed: (?<reason>.*)$/, "connectionFailed"],
  [/^RAPTOR needs a chat model/, "raptorNeedsChatModel"],
  [/A RAPTOR Task is already running\.$/, "raptorRunning"],
  [/^GraphRAG needs a chat model/, "graphNeedsChatModel"],
  [/^Mindmap needs a chat model/, "mindmapNeedsChatModel"],
  [/A (?:GraphRAG|Mindmap) Task is already running\.$/, "indexRunning"],
  [/^No documents in Knowledgebase /, "raptorNoDocuments"],
  [/^The file "(?<name>.*)" is empty \(0 bytes\)\.$/, "fileEmpty"],
];

export const knownServerMessage = (message: string): { key: ServerMessage; values: Record<string, string> } | null => {
  for (const [pattern, key] of KNOWN) {
    const match = pattern.exec(message);
    if (match) return { key, values: { ...match.groups } };
  }
  return null;
};
