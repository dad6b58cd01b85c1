import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { ChunksPage } from "../features/chunks/chunks-page";

const ChunkRoute = () => {
  const { id, doc } = Route.useSearch();
  return <ChunksPage key={doc} datasetId={id} documentId={doc} />;
};

export const Route = createFileRoute("/_app/knowledge/_detail/dataset/chunk")({
  staticData: { titleKey: "chunks" },
  validateSearch: v.looseObject({ id: v.optional(v.string(), ""), doc: v.optional(v.string(), "") }),
  // without a document the knowledge base's file list is the place to pick one
  beforeLoad: ({ search }) => {
    if (!search.doc) throw redirect({ to: "/knowledge/dataset", search: { id: search.id } });
  },
  component: ChunkRoute,
});
