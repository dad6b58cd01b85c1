import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../../worker/contract/chats";
import { MessageActions } from "../../../web/features/conversation/message-actions";
import { renderWithProviders } from "../helpers/render";

const CLIENT = { chatId: "c".repeat(32), token: "share-abc", visitorId: "visitor-aaaaaaaaaaaaaaaa" };
const ANSWER: ChatMessage = { id: "m1", role: "assistant", content: "**Viel** trinken [ID:0].", created_at: 1 };

describe("read aloud on the shared chat", () => {
  it("asks the share link's speech endpoint and says when no TTS model is set and the browser cannot speak", async () => {
    vi.stubGlobal("speechSynthesis", undefined);
    const calls: { url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ code: 102, message: "No default TTS model is set", data: null }), {
        headers: { "Content-Type": "application/json" },
      });
    });
    renderWithProviders(
      <MessageActions asker={{ visitor: CLIENT }} sessionId="s1" message={ANSWER} answered disabled={false} tts />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Vorlesen" }));
    expect(await screen.findByText("Bitte zuerst das Text-to-Speech-Modell festlegen.")).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe(`/api/v1/share/chats/${CLIENT.chatId}/audio/speech?visitor_id=${CLIENT.visitorId}`);
    expect(calls[0]?.body).toEqual({ text: "**Viel** trinken ." });
  });

  it("offers no read aloud when the assistant has it off", () => {
    renderWithProviders(
      <MessageActions
        asker={{ visitor: CLIENT }}
        sessionId="s1"
        message={ANSWER}
        answered
        disabled={false}
        tts={false}
      />,
    );
    expect(screen.queryByRole("button", { name: "Vorlesen" })).toBeNull();
    expect(screen.getByRole("button", { name: "Hilfreiche Antwort" })).toBeTruthy();
  });
});
