import { createFileRoute } from "@tanstack/react-router";
import { AgentEditorPage } from "../features/agents/editor/agent-editor-page";

const Page = () => {
  const { id } = Route.useParams();
  return <AgentEditorPage id={id} />;
};

export const Route = createFileRoute("/_app/flow/$id")({ staticData: { titleKey: "flowEditor" }, component: Page });
