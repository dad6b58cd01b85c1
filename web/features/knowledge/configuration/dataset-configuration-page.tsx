import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { allDatasetsQueryOptions, datasetQueryOptions } from "../../../api/datasets";
import { modelsQueryOptions } from "../../../api/models";
import { optionsFor } from "../../models/model-options";
import { useDatasetId } from "../use-dataset-id";
import { DatasetConfigurationForm } from "./dataset-configuration-form";
import { IndexTaskPanel } from "./index-task-panel";
import { KnowledgeGraphButton } from "./knowledge-graph-dialog";
import { MindMapButton } from "./mind-map-dialog";
import { TagSetPanel } from "./tag-set-panel";

// /knowledge/configuration?id=… and /dataset/setting?id=…: the detail layout has loaded the dataset.
export const DatasetConfigurationPage = () => {
  const { t } = useTranslation();
  const id = useDatasetId();
  const { data: dataset } = useSuspenseQuery(datasetQueryOptions(id));
  // the team's embedding models, needed only while the knowledge base may still switch to one
  const models = useQuery({ ...modelsQueryOptions(), enabled: dataset.chunk_count === 0 });
  const datasets = useQuery(allDatasetsQueryOptions());
  const tagSets = datasets.isError
    ? "failed"
    : datasets.data
      ? datasets.data.datasets
          .filter((other) => other.chunk_method === "tag" && other.id !== dataset.id)
          .map((other) => ({ id: other.id, name: other.name }))
      : null;
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="lg">
          {t("kbConfig.title")}
        </Heading>
        <Text color="fg.muted">{t("kbConfig.description")}</Text>
      </Stack>
      {/* a tag set's tags first: they are what its owner comes here for */}
      {dataset.chunk_method === "tag" && (
        <Box maxW="3xl">
          <TagSetPanel datasetId={dataset.id} />
        </Box>
      )}
      {/* summaries are built on request, with the saved RAPTOR settings */}
      {dataset.parser_config.raptor?.use_raptor && (
        <Box maxW="3xl">
          <IndexTaskPanel datasetId={dataset.id} datasetLlmId={dataset.parser_config.llm_id ?? ""} type="raptor" />
        </Box>
      )}
      {dataset.chunk_method !== "tag" && (
        <Box maxW="3xl">
          <IndexTaskPanel datasetId={dataset.id} datasetLlmId={dataset.parser_config.llm_id ?? ""} type="graph">
            <KnowledgeGraphButton datasetId={dataset.id} />
          </IndexTaskPanel>
        </Box>
      )}
      {dataset.chunk_method !== "tag" && (
        <Box maxW="3xl">
          <IndexTaskPanel datasetId={dataset.id} datasetLlmId={dataset.parser_config.llm_id ?? ""} type="mindmap">
            <MindMapButton datasetId={dataset.id} />
          </IndexTaskPanel>
        </Box>
      )}
      <DatasetConfigurationForm
        key={dataset.id}
        dataset={dataset}
        embeddingModels={models.data ? optionsFor(models.data, "embedding") : []}
        tagSets={tagSets}
      />
    </Stack>
  );
};
