import { describe, expect, it } from "vitest";
import { CONVERSATION_NAME_CHARS, conversationNameOf } from "../../../worker/contract/conversation-name";

describe("a conversation's name from its first question", () => {
  it("keeps a short question whole, on one line", () => {
    expect(conversationNameOf("  Was hilft gegen\nKopfschmerzen?  ")).toBe("Was hilft gegen Kopfschmerzen?");
    const exact = "x".repeat(CONVERSATION_NAME_CHARS);
    expect(conversationNameOf(exact)).toBe(exact);
  });

  it("cuts a long one at the last word that fits and marks the cut", () => {
    const name = conversationNameOf(
      "Welche Strafe droht, wenn jemand ohne Erlaubnis die Heilkunde ausübt, und wer verfolgt das?",
    );
    expect(name).toBe("Welche Strafe droht, wenn jemand ohne Erlaubnis die…");
    expect(name.length).toBeLessThanOrEqual(CONVERSATION_NAME_CHARS);
    // a word ending just at the limit is kept whole, punctuation before the cut dropped
    expect(conversationNameOf("aaaa bbbb, cccc dddd", 11)).toBe("aaaa bbbb…");
    expect(conversationNameOf("aaaa bbbbb cccc", 11)).toBe("aaaa bbbbb…");
  });

  it("cuts inside a single overlong word, where there is no boundary", () => {
    const name = conversationNameOf(
      `Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz ${"x".repeat(10)}`,
    );
    expect(name).toBe("Rindfleischetikettierungsüberwachungsaufgabenübertragungsge…");
    expect(name).toHaveLength(CONVERSATION_NAME_CHARS);
  });
});
