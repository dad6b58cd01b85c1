import { Alert, Button } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { IndexType } from "../../../../worker/contract/dataset-index";
import { modelsQueryOptions } from "../../../api/models";

const BUILTIN_PROVIDER = "@Builtin";

// Whether the knowledge base has a chat model that writes (its own or the team's default): the built-in
// extractive model cannot build summaries, graphs or mind maps. Unknown (null) while the models load or when
// they cannot be read; the server still refuses then, with the same reason.
export const useHasWritingModel = (datasetLlmId: string | undefined) => {
  const models = useQuery(modelsQueryOptions());
  if (datasetLlmId) return !datasetLlmId.endsWith(BUILTIN_PROVIDER);
  if (!models.data) return null;
  const id = models.data.defaults.llm_id;
  return Boolean(id) && !id.endsWith(BUILTIN_PROVIDER);
};

// Why an index cannot be built yet, with the way to the model settings instead of a button that would fail.
export const NeedsChatModel = ({ type }: { type: IndexType }) => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info" data-testid={`${type}-needs-model`}>
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Description>{t(`common.server.${type}NeedsChatModel`)}</Alert.Description>
        <Button asChild size="xs" variant="outline" alignSelf="start">
          <Link to="/user-setting/model">
            {t("kbConfig.indexTask.openModelSettings")} <ArrowRight />
          </Link>
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
};
