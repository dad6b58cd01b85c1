import { Heading, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { datasetQueryOptions } from "../../../api/datasets";
import { useDatasetId } from "../use-dataset-id";
import { DatasetConfigurationForm } from "./dataset-configuration-form";

// /knowledge/configuration?id=… and /dataset/setting?id=…: the detail layout has loaded the dataset.
export const DatasetConfigurationPage = () => {
  const { t } = useTranslation();
  const id = useDatasetId();
  const { data: dataset } = useSuspenseQuery(datasetQueryOptions(id));
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="lg">
          {t("kbConfig.title")}
        </Heading>
        <Text color="fg.muted">{t("kbConfig.description")}</Text>
      </Stack>
      <DatasetConfigurationForm key={dataset.id} dataset={dataset} />
    </Stack>
  );
};
