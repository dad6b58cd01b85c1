// Example requests for one agent; the key is a placeholder until the owner creates one in the dialog.
const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

type ExampleInput = { origin: string; agentId: string; apiKey: string; question: string };

export const agentCompletionUrl = (origin: string) => `${origin}/api/v1/agents/chat/completions`;
export const agentOpenAiUrl = (origin: string, agentId: string) =>
  `${origin}/api/v1/agents_openai/${agentId}/chat/completions`;

const curl = (url: string, apiKey: string, body: unknown, stream: boolean) =>
  [
    `curl${stream ? " -N" : ""} -X POST ${url} \\`,
    `  -H "Authorization: Bearer ${apiKey}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuoted(JSON.stringify(body))}`,
  ].join("\n");

// The native endpoint streams the run's events; send the returned session_id to continue the conversation.
export const curlAgentCompletion = ({ origin, agentId, apiKey, question }: ExampleInput) =>
  curl(agentCompletionUrl(origin), apiKey, { agent_id: agentId, question, stream: true }, true);

export const curlAgentFollowUp = ({ origin, agentId, apiKey, question }: ExampleInput) =>
  curl(
    agentCompletionUrl(origin),
    apiKey,
    { agent_id: agentId, question, stream: false, session_id: "<SESSION_ID>" },
    false,
  );

// OpenAI's chat completions shape: any model name, the agent is chosen by the URL.
export const curlAgentOpenAi = ({ origin, agentId, apiKey, question }: ExampleInput) =>
  curl(
    agentOpenAiUrl(origin, agentId),
    apiKey,
    { model: "buddy", messages: [{ role: "user", content: question }], stream: false },
    false,
  );

export const pythonOpenAi = ({ origin, agentId, apiKey, question }: ExampleInput) =>
  [
    "from openai import OpenAI",
    "",
    `client = OpenAI(api_key=${JSON.stringify(apiKey)}, base_url=${JSON.stringify(`${origin}/api/v1/agents_openai/${agentId}`)})`,
    `reply = client.chat.completions.create(model="buddy", messages=[{"role": "user", "content": ${JSON.stringify(question)}}])`,
    "print(reply.choices[0].message.content)",
  ].join("\n");
