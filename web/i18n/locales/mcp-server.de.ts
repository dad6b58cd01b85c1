// Strings of Buddy's MCP server section (Einstellungen → API).
export const mcpServerDe = {
  title: "MCP-Server",
  description:
    "Buddy ist ein MCP-Server (Streamable HTTP): KI-Clients wie Claude Desktop, Cursor oder VS Code durchsuchen damit Ihre Wissensdatenbanken, fragen Assistenten und starten Buddys – mit einem API-Schlüssel dieses Teams.",
  url: "MCP-URL",
  config: "Client-Konfiguration",
  configHint: "Ersetzen Sie <API_KEY> durch einen API-Schlüssel von oben (ein neu erstellter wird hier eingesetzt).",
  tools: "Werkzeuge: list_knowledge_bases, retrieve, ask_assistant, run_buddy.",
};
