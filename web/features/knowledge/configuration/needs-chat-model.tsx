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

// What cannot run without a model, with the way to the model settings instead of a button that would fail.
export const ModelSettingsAlert = ({
  text,
  status,
  testId,
}: {
  text: string;
  status: "info" | "warning";
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <Alert.Root status={status} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Description>{text}</Alert.Description>
        <Button asChild size="xs" variant="outline" alignSelf="start">
          <Link to="/user-setting/model">
            {t("kbConfig.indexTask.openModelSettings")} <ArrowRight />
          </Link>
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
};

// Why an index cannot be built yet.
export const NeedsChatModel = ({ type }: { type: IndexType }) => {
  const { t } = useTranslation();
  return (
    <ModelSettingsAlert status="info" text={t(`common.server.${type}NeedsChatModel`)} testId={`${type}-needs-model`} />
  );
};
