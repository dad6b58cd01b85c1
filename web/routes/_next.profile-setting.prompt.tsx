import { createFileRoute } from "@tanstack/react-router";
import { PromptTemplatesPage } from "../features/prompts/prompt-templates-page";

export const Route = createFileRoute("/_next/profile-setting/prompt")({
  staticData: { titleKey: "prompt" },
  component: PromptTemplatesPage,
});
