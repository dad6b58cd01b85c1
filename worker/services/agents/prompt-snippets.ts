import { CITATION_GUIDELINES } from "../../rag/chat/prompts";

// GET /agents/prompts: texts an Agent's system prompt may take in (RAGFlow v0.27's editor inserts them). They are
// instructions for the model only: Buddy's Agent component runs no planning or reflection step of its own.
export const agentPromptSnippets = () => ({
  task_analysis: `# Task analysis
Before you act, restate the user's goal in one sentence, list what you already know and what is missing, and name the tools that can supply the missing facts.`,
  plan_generation: `# Plan
Write a short numbered plan of tool calls that reaches the goal. Call one tool at a time, and after each answer decide whether the plan still fits before you go on.`,
  reflection: `# Reflection
Before you answer, check that every part of the goal is covered and every claim rests on a tool answer or the given knowledge. If something is missing, call a tool again instead of guessing.`,
  citation_guidelines: CITATION_GUIDELINES,
});
