import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ChunksPage } from "../features/chunks/chunks-page";

const ChunkRoute = () => {
  const { id, doc } = Route.useSearch();
  return <ChunksPage key={doc} datasetId={id} documentId={doc} />;
};

export const Route = createFileRoute("/_app/knowledge/_detail/dataset/chunk")({
  validateSearch: v.looseObject({ id: v.optional(v.string(), ""), doc: v.optional(v.string(), "") }),
  component: ChunkRoute,
});
