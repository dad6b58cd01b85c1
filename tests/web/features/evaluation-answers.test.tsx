import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FeedbackItem } from "../../../worker/contract/evaluation";
import { FeedbackTable } from "../../../web/features/evaluation/feedback-table";
import { plainAnswer } from "../../../web/features/evaluation/plain-answer";
import { renderWithProviders } from "../helpers/render";

const item: FeedbackItem = {
  id: "t1",
  chat_id: "c1",
  chat_name: "Hausarzt",
  conversation_id: "s1",
  session_name: "Impffragen",
  message_id: "m1",
  user_id: "u1",
  user_name: "Erika",
  source: "web",
  question: "Grippeimpfung ab wann?",
  answer: "Aus den Quellen: Die Grippeimpfung wird ab 60 Jahren empfohlen [ID:0]. Sie schützt [ID:1] [ID:2].",
  thumbup: false,
  feedback_reason: "wrong",
  feedback: "",
  tokens: 40,
  retrieved: 1,
  create_time: Date.UTC(2026, 2, 30, 9),
  create_date: "",
};

describe("evaluation answers (issue 32)", () => {
  it("drops [ID:n] markers and the spaces they leave", () => {
    expect(plainAnswer(item.answer)).toBe(
      "Aus den Quellen: Die Grippeimpfung wird ab 60 Jahren empfohlen. Sie schützt.",
    );
    expect(plainAnswer("[ID:3] Am Anfang")).toBe("Am Anfang");
  });

  it("shows the answer in the table without markers", () => {
    renderWithProviders(<FeedbackTable items={[item]} showAssistant onOpenHistory={() => undefined} />);
    const row = screen.getByTestId("feedback-row");
    expect(row.textContent).toContain("Die Grippeimpfung wird ab 60 Jahren empfohlen. Sie schützt.");
    expect(row.textContent).not.toContain("[ID:");
  });
});
