// Strings of the MCP servers a team calls (Settings → API, and the Agent form), German.
export const mcpClientsDe = {
  title: "MCP-Server für Agenten",
  description:
    "Externe MCP-Server (Streamable HTTP), deren Werkzeuge Agent-Komponenten aufrufen dürfen. Token werden verschlüsselt gespeichert.",
  name: "Name",
  url: "URL",
  token: "Token (optional)",
  tokenHint: "Wird als „Authorization: Bearer …“ gesendet.",
  add: "Server hinzufügen",
  test: "Verbindung testen",
  testOk: "Verbunden: {{count}} Werkzeuge",
  tools: "Werkzeuge",
  empty: "Noch keine MCP-Server.",
  deleteTitle: "MCP-Server entfernen?",
  deleteBody: "Agenten, die seine Werkzeuge nutzen, melden beim nächsten Lauf einen Fehler.",
  agentTools: "MCP-Werkzeuge",
  agentToolsHint: "Werkzeuge der MCP-Server dieses Teams, die das Modell aufrufen darf.",
  agentToolsEmpty: "Keine MCP-Server eingerichtet (Einstellungen → API).",
};
