import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, callApi } from "../../helpers/worker/api";
import { createAgent, flow, ranIds, runAgent } from "../../helpers/worker/agents";
import { createUser } from "../../helpers/worker/factories";

describe("agent engine", () => {
  it("branches with Categorize (built-in model: by the categories' words) and passes variables on", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", { prologue: "Hallo" }, ["Categorize:topic"]],
        [
          "Categorize:topic",
          "Categorize",
          {
            category_description: {
              Symptome: { description: "Fieber Husten Schmerzen", examples: ["Ich habe Fieber"], to: "Template:sick" },
              Termin: {
                description: "Termin vereinbaren verschieben",
                examples: ["Ich brauche einen Termin"],
                to: "Message:appointment",
              },
            },
          },
          ["Template:sick", "Message:appointment"],
        ],
        [
          "Template:sick",
          "Template",
          { content: "Gute Besserung bei: {sys.query} ({Categorize:topic@category_name})" },
          ["Message:sick"],
        ],
        ["Message:sick", "Message", { content: ["{Template:sick@content}"] }],
        ["Message:appointment", "Message", { content: ["Termine gibt es online."] }],
      ]),
    );
    const sick = (await runAgent(user, agent.id, { question: "Ich habe seit gestern Fieber" })).body.data;
    expect(sick.content).toBe("Gute Besserung bei: Ich habe seit gestern Fieber (Symptome)");
    expect(ranIds(sick)).toEqual(["begin", "Categorize:topic", "Template:sick", "Message:sick"]);
    const appointment = (await runAgent(user, agent.id, { question: "Kann ich einen Termin verschieben?" })).body.data;
    expect(appointment.content).toBe("Termine gibt es online.");
  });

  it("Switch compares with every operator, and/or, else", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Switch:s"]],
        [
          "Switch:s",
          "Switch",
          {
            conditions: [
              {
                logical_operator: "and",
                items: [
                  { cpn_id: "{sys.query}", operator: "≥", value: "60" },
                  { cpn_id: "{sys.query}", operator: "<", value: "120" },
                ],
                to: "Message:senior",
              },
              {
                logical_operator: "or",
                items: [
                  { cpn_id: "{sys.query}", operator: "start with", value: "x" },
                  { cpn_id: "{sys.query}", operator: "empty" },
                ],
                to: "Message:odd",
              },
            ],
            end_cpn_ids: ["Message:else"],
          },
          ["Message:senior", "Message:odd", "Message:else"],
        ],
        ["Message:senior", "Message", { content: ["senior"] }],
        ["Message:odd", "Message", { content: ["odd"] }],
        ["Message:else", "Message", { content: ["else"] }],
      ]),
    );
    const answer = async (question: string) => (await runAgent(user, agent.id, { question })).body.data.content;
    expect(await answer("65")).toBe("senior");
    expect(await answer("130")).toBe("else");
    expect(await answer("xyz")).toBe("odd");
    expect(await answer("30")).toBe("else");
  });

  it("iterates over a list and waits for both branches before a fan-in", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Iteration:each", "Template:side"]],
        ["Iteration:each", "Iteration", { items_ref: "{sys.query}", delimiter: "," }, ["Concentrator:join"]],
        [
          "Template:item",
          "Template",
          { content: "{Iteration:each@index}:{Iteration:each@item}" },
          [],
          "Iteration:each",
        ],
        ["Template:side", "Template", { content: "Seitenzweig" }, ["Concentrator:join"]],
        ["Concentrator:join", "Concentrator", {}, ["Message:out"]],
        ["Message:out", "Message", { content: ["{Iteration:each@content} | {Template:side@content}"] }],
      ]),
    );
    const result = (await runAgent(user, agent.id, { question: "Apfel, Birne, Kiwi" })).body.data;
    expect(result.content).toBe("0:Apfel\n1:Birne\n2:Kiwi | Seitenzweig");
    const ids = ranIds(result);
    expect(ids.filter((id) => id === "Template:item")).toHaveLength(3);
    expect(ids.indexOf("Concentrator:join")).toBeGreaterThan(
      Math.max(ids.indexOf("Template:side"), ids.indexOf("Iteration:each")),
    );
    expect(ids.filter((id) => id === "Concentrator:join")).toHaveLength(1);
  });

  it("calls HTTP APIs with Invoke, retries, and handles errors with a default, a goto or a stop", async () => {
    const user = await createUser();
    const key = crypto.randomUUID();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Invoke:echo"]],
        [
          "Invoke:echo",
          "Invoke",
          { url: `${env.TEST_SITE_URL}/api/echo`, method: "GET", variables: [{ key: "q", ref: "{sys.query}" }] },
          ["Invoke:flaky"],
        ],
        [
          "Invoke:flaky",
          "Invoke",
          { url: `${env.TEST_SITE_URL}/flaky?key=${key}`, max_retries: 1, delay_after_error: 0 },
          ["Invoke:broken"],
        ],
        [
          "Invoke:broken",
          "Invoke",
          { url: `${env.TEST_SITE_URL}/nowhere`, exception_method: "comment", exception_default_value: "Ersatzwert" },
          ["Invoke:goto"],
        ],
        [
          "Invoke:goto",
          "Invoke",
          { url: `${env.TEST_SITE_URL}/nowhere`, exception_method: "goto", exception_goto: ["Message:fallback"] },
          ["Message:never"],
        ],
        ["Message:never", "Message", { content: ["nie"] }],
        [
          "Message:fallback",
          "Message",
          { content: ["{Invoke:echo@result.query.q} / {Invoke:flaky@result} / {Invoke:broken@content}"] },
        ],
      ]),
    );
    const result = (await runAgent(user, agent.id, { question: "Grippe" })).body.data;
    expect(result.error).toBeNull();
    expect(result.content).toBe('Grippe / {"calls":2} / Ersatzwert');
    expect(ranIds(result)).not.toContain("Message:never");

    const stopping = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Invoke:x"]],
        ["Invoke:x", "Invoke", { url: `${env.TEST_SITE_URL}/nowhere`, name: "Abruf" }, ["Message:m"]],
        ["Message:m", "Message", { content: ["x"] }],
      ]),
    );
    const failed = (await runAgent(user, stopping.id, { question: "q" })).body.data;
    expect(failed.error).toMatch(/^Abruf: .*HTTP 404/);
    expect(failed.trace.at(-1)?.error).toMatch(/HTTP 404/);
  });

  it("fails a run visibly when a step without an error branch fails, streamed and whole (issue 32)", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Message:hello"]],
        ["Message:hello", "Message", { content: ["Ich suche …"] }, ["Invoke:x"]],
        ["Invoke:x", "Invoke", { url: `${env.TEST_SITE_URL}/nowhere`, name: "Suche" }, ["Message:m"]],
        ["Message:m", "Message", { content: ["gefunden"] }],
      ]),
    );
    // whole: what ran before the failure, then the error, in the answer every client reads
    const whole = (await runAgent(user, agent.id, { question: "q" })).body.data;
    expect(whole.error).toMatch(/^Suche: .*HTTP 404/);
    expect(whole.content).toBe(`Ich suche …\n\n**ERROR**: ${whole.error}`);

    // streamed: the error arrives as a message before workflow_finished, which carries it too
    const response = await SELF.fetch(`${BASE}/agents/chat/completions`, {
      method: "POST",
      headers: { Authorization: user.token, "Content-Type": "application/json" },
      body: JSON.stringify({ agent_id: agent.id, question: "q", stream: true }),
    });
    const events = (await response.text())
      .split("\n\n")
      .filter((line) => line.startsWith("data:{"))
      .map((line) => JSON.parse(line.slice(5)) as { event: string; data: { content?: string; error?: string } });
    const said = events.filter((event) => event.event === "message").map((event) => event.data.content ?? "");
    expect(said.join("")).toBe(`Ich suche …\n\n**ERROR**: ${whole.error}`);
    expect(events.map((event) => event.event).slice(-2)).toEqual(["message_end", "workflow_finished"]);
    expect(events.at(-1)?.data.error).toBe(whole.error);

    // the OpenAI-compatible answer says it too rather than ending as if all went well
    const openAi = await callApi(`/agents_openai/${agent.id}/chat/completions`, {
      token: user.token,
      json: { model: "buddy", messages: [{ role: "user", content: "q" }] },
    });
    const choice = (openAi.body as unknown as { choices: { message: { content: string } }[] }).choices[0];
    expect(choice?.message.content).toContain("**ERROR**: Suche:");
  });

  it("stops a loop without an Answer after the step limit", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Template:a"]],
        ["Template:a", "Template", { content: "a" }, ["Template:b"]],
        ["Template:b", "Template", { content: "b" }, ["Template:a"]],
      ]),
    );
    const result = (await runAgent(user, agent.id, { question: "q" })).body.data;
    expect(result.error).toMatch(/stopped after 200 steps/);
    expect(result.trace).toHaveLength(200);
  });

  it("pauses at an Answer and continues after it with the next question in the session", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", { prologue: "Wie heißen Sie?" }, ["Answer:name"]],
        ["Answer:name", "Answer", { content: "Danke, {sys.query}! Wie alt sind Sie?" }, ["Message:age"]],
        ["Message:age", "Message", { content: ["{sys.query} Jahre, notiert."] }],
      ]),
    );
    const first = (await runAgent(user, agent.id, { question: "Erika" })).body.data;
    expect(first.content).toBe("Danke, Erika! Wie alt sind Sie?");
    const second = (await runAgent(user, agent.id, { question: "42", session_id: first.session_id })).body.data;
    expect(second.content).toBe("42 Jahre, notiert.");
    expect(ranIds(second)).toEqual(["Message:age"]);
    const sessions = await callApi<{ id: string; message: { role: string; content: string }[] }[]>(
      `/agents/${agent.id}/sessions`,
      { token: user.token },
    );
    expect(sessions.body.data[0]?.message.map((message) => message.content)).toEqual([
      "Wie heißen Sie?",
      "Erika",
      "Danke, Erika! Wie alt sind Sie?",
      "42",
      "42 Jahre, notiert.",
    ]);
  });

  it("streams RAGFlow's events and can be cancelled while a component runs", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Invoke:slow"]],
        ["Invoke:slow", "Invoke", { url: `${env.TEST_SITE_URL}/slow` }, ["Message:after"]],
        ["Message:after", "Message", { content: ["fertig"] }],
      ]),
    );
    const response = await SELF.fetch(`${BASE}/agents/chat/completions`, {
      method: "POST",
      headers: { Authorization: user.token, "Content-Type": "application/json" },
      body: JSON.stringify({ agent_id: agent.id, question: "q", stream: true }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let cancelled = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
      const started = /"task_id":"([0-9a-f]{32})"/.exec(text);
      if (started && !cancelled && text.includes('"node_started"') && text.includes("Invoke:slow")) {
        cancelled = true;
        expect(
          (await callApi(`/agents/tasks/${started[1]}/cancel`, { method: "PUT", token: user.token })).body.data,
        ).toBe(true);
      }
    }
    const events = text
      .split("\n\n")
      .filter((line) => line.startsWith("data:{"))
      .map((line) => JSON.parse(line.slice(5)) as { event: string; data: { error?: string } });
    expect(events[0]?.event).toBe("workflow_started");
    expect(events.at(-1)).toMatchObject({ event: "workflow_finished", data: { error: "The run was cancelled." } });
    expect(text.trim().endsWith("data:[DONE]")).toBe(true);
    expect(events.some((event) => event.event === "message")).toBe(false);
  });

  it("sends email with the component's own SMTP settings", async () => {
    const user = await createUser();
    const agent = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Email:mail"]],
        [
          "Email:mail",
          "Email",
          {
            smtp_server: "127.0.0.1",
            smtp_port: Number(env.SMTP_PORT),
            starttls: false,
            email: "bot@buddy.test",
            username: "buddy-mailer",
            password: "mail-secret",
            sender_name: "Buddy",
            to: "team@buddy.test",
            subject: "Neue Anfrage",
            content: "Frage: {sys.query}",
          },
          ["Message:ok"],
        ],
        ["Message:ok", "Message", { content: ["{Email:mail@content}: {Email:mail@success}"] }],
      ]),
    );
    const result = (await runAgent(user, agent.id, { question: "Rückruf bitte" })).body.data;
    expect(result.content).toBe("Email sent successfully: true");
    const inbox = (await (await fetch(env.TEST_SMTP_INBOX_URL)).json()) as { to: string[]; raw: string }[];
    expect(inbox.find((mail) => mail.to.includes("team@buddy.test"))?.raw).toContain("Frage: R");
    const incomplete = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Email:m"]],
        ["Email:m", "Email", { smtp_server: "127.0.0.1" }],
      ]),
    );
    expect((await runAgent(user, incomplete.id, { question: "q" })).body.data.error).toMatch(/email is required/);
    const refused = await createAgent(
      user,
      flow([
        ["begin", "Begin", {}, ["Email:m"]],
        [
          "Email:m",
          "Email",
          {
            smtp_server: "127.0.0.1",
            smtp_port: Number(env.SMTP_PORT),
            starttls: false,
            email: "bot@buddy.test",
            username: "buddy-mailer",
            password: "falsch",
            to: "team@buddy.test",
            content: "x",
          },
        ],
      ]),
    );
    expect((await runAgent(user, refused.id, { question: "q" })).body.data.error).toMatch(
      /^Email:m: Failed to send email: /,
    );
  });
});
