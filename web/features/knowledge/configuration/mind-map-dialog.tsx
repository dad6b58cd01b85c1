import { Button, Skeleton, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MindMapNode } from "../../../../worker/contract/mindmap";
import { knowledgeGraphQueryOptions } from "../../../api/dataset-index";
import { MindMapOutline } from "../../../components/mind-map-outline";
import { RouteErrorMessage } from "../../../components/route-error";
import { ViewDialog } from "../../../components/view-dialog";

// "Mindmap anzeigen": the knowledge base's mind map as an outline (RAGFlow returns it with the graph).
export const MindMapButton = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setOpen(true)}>
        {t("kbConfig.indexTask.mindmap.show")}
      </Button>
      {open && <MindMapDialog datasetId={datasetId} onClose={() => setOpen(false)} />}
    </>
  );
};

const MindMapDialog = ({ datasetId, onClose }: { datasetId: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const query = useQuery(knowledgeGraphQueryOptions(datasetId));
  const map = query.data && "id" in query.data.mind_map ? (query.data.mind_map as MindMapNode) : null;
  return (
    <ViewDialog title={t("kbConfig.indexTask.mindmap.title")} size="lg" testId="mind-map-dialog" onClose={onClose}>
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="40" />
      ) : map && map.children.length > 0 ? (
        <MindMapOutline map={map} rootLabel={t("kbConfig.indexTask.mindmap.root")} />
      ) : (
        <Text color="fg.muted">{t("kbConfig.indexTask.mindmap.empty")}</Text>
      )}
    </ViewDialog>
  );
};
