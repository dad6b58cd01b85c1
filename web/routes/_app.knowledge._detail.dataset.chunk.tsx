import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ComingSoon } from "../components/coming-soon";

export const Route = createFileRoute("/_app/knowledge/_detail/dataset/chunk")({
  validateSearch: v.looseObject({ doc: v.optional(v.string(), "") }),
  component: () => <ComingSoon titleKey="pages.chunks" />,
});
