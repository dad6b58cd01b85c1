import { Box, Button, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { KnowledgeGraph } from "../../../../worker/contract/knowledge-graph";
import { knowledgeGraphQueryOptions } from "../../../api/dataset-index";
import { RouteErrorMessage } from "../../../components/route-error";
import { ViewDialog } from "../../../components/view-dialog";
import { CommunityReportsList } from "./community-reports-list";

// React Flow is loaded with the dialog, not with the configuration page.
const KnowledgeGraphCanvas = lazy(() => import("./knowledge-graph-canvas"));

// "Graph anzeigen": the built graph drawn, and its entities as a table (readable without the drawing).
export const KnowledgeGraphButton = ({ datasetId }: { datasetId: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => setOpen(true)}>
        {t("kbConfig.indexTask.graph.show")}
      </Button>
      {open && <KnowledgeGraphDialog datasetId={datasetId} onClose={() => setOpen(false)} />}
    </>
  );
};

const KnowledgeGraphDialog = ({ datasetId, onClose }: { datasetId: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const query = useQuery(knowledgeGraphQueryOptions(datasetId));
  const graph: KnowledgeGraph =
    query.data && "nodes" in query.data.graph ? (query.data.graph as KnowledgeGraph) : { nodes: [], edges: [] };
  const links = (id: string) => graph.edges.filter((edge) => edge.source === id || edge.target === id).length;
  return (
    <ViewDialog
      title={
        query.isSuccess
          ? t("kbConfig.indexTask.graph.viewTitle", { count: graph.nodes.length })
          : t("kbConfig.indexTask.graph.title")
      }
      size="xl"
      testId="knowledge-graph-dialog"
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t("common.close")}
        </Button>
      }
    >
      {query.isError ? (
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton h="96" rounded="md" />
      ) : graph.nodes.length === 0 ? (
        <Text color="fg.muted">{t("kbConfig.indexTask.graph.empty")}</Text>
      ) : (
        <Stack gap="4">
          <Box h="96" borderWidth="1px" rounded="md">
            <Suspense fallback={<Skeleton h="full" />}>
              <KnowledgeGraphCanvas graph={graph} />
            </Suspense>
          </Box>
          <Box maxH="60" overflowY="auto" borderWidth="1px" rounded="md">
            <Table.Root size="sm" stickyHeader aria-label={t("kbConfig.indexTask.graph.entities")}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t("kbConfig.indexTask.graph.entities")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("kbConfig.fields.entityTypes")}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t("kbConfig.indexTask.graph.relations")}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {graph.nodes.map((node) => (
                  <Table.Row key={node.id}>
                    <Table.Cell title={node.description}>{node.entity_name}</Table.Cell>
                    <Table.Cell>{node.entity_type}</Table.Cell>
                    <Table.Cell textAlign="end">{links(node.id)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          {(query.data?.community_reports.length ?? 0) > 0 && (
            <CommunityReportsList reports={query.data?.community_reports ?? []} />
          )}
        </Stack>
      )}
    </ViewDialog>
  );
};
