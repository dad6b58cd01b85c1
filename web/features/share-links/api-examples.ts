// Example requests for one assistant; the key is a placeholder until the owner creates one here.
const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

type ExampleInput = { origin: string; chatId: string; apiKey: string; question: string };

export const curlCompletion = ({ origin, chatId, apiKey, question }: ExampleInput) =>
  [
    `curl -N -X POST ${origin}/api/v1/chats/${chatId}/completions \\`,
    `  -H "Authorization: Bearer ${apiKey}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuoted(JSON.stringify({ question, stream: true }))}`,
  ].join("\n");

export const curlOpenAi = ({ origin, chatId, apiKey, question }: ExampleInput) =>
  [
    `curl -X POST ${origin}/api/v1/openai/${chatId}/chat/completions \\`,
    `  -H "Authorization: Bearer ${apiKey}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuoted(JSON.stringify({ model: "model", messages: [{ role: "user", content: question }], stream: true }))}`,
  ].join("\n");

export const pythonSdk = ({ origin, chatId, apiKey, question }: ExampleInput) =>
  [
    "from ragflow_sdk import RAGFlow",
    "",
    `rag = RAGFlow(api_key=${JSON.stringify(apiKey)}, base_url=${JSON.stringify(origin)})`,
    `chat = rag.list_chats(id=${JSON.stringify(chatId)})[0]`,
    "session = chat.create_session()",
    `print(session.ask(${JSON.stringify(question)}, stream=False).content)`,
  ].join("\n");
