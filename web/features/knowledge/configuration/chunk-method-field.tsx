import { Box, Code, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CHUNK_METHODS, type ChunkMethod } from "../../../../worker/contract/parser-config";
import { modelsQueryOptions } from "../../../api/models";
import { ConfigField, type FieldErrorProp } from "./config-field";
import { ModelSettingsAlert, useHasWritingModel } from "./needs-chat-model";

// The methods that cannot run without a model of the team (the server refuses to parse with them then).
const NEEDS_MODEL = { picture: "img2txt_id", audio: "asr_id", resume: "llm_id" } as const;

type ModelMethod = keyof typeof NEEDS_MODEL;
const needsModel = (method: ChunkMethod): method is ModelMethod => method in NEEDS_MODEL;

// Next to the method: that it needs a model the team has not set, with the way to the model settings (nothing
// while the models load). Only these methods ask for the models.
const MissingModel = ({ method, datasetLlmId }: { method: ModelMethod; datasetLlmId: string | undefined }) => {
  const { t } = useTranslation();
  const models = useQuery(modelsQueryOptions());
  const writes = useHasWritingModel(datasetLlmId);
  const missing =
    method === "resume" ? writes === false : Boolean(models.data && !models.data.defaults[NEEDS_MODEL[method]]);
  if (!missing) return null;
  return (
    <ModelSettingsAlert
      status="warning"
      text={t(`kbConfig.method.needsModel.${method}`)}
      testId="chunk-method-needs-model"
    />
  );
};

type Props = {
  value: ChunkMethod;
  onChange: (method: ChunkMethod) => void;
  error: FieldErrorProp;
  // the knowledge base's own chat model, which the Resume method uses before the team's default
  llmId?: string;
};

// The method select plus what the chosen method does and what one of its chunks looks like.
export const ChunkMethodField = ({ value, onChange, error, llmId }: Props) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <ConfigField label={t("kbConfig.fields.chunkMethod")} error={error} required>
        <NativeSelect.Root maxW="sm">
          <NativeSelect.Field
            name="chunk_method"
            value={value}
            onChange={(e) => onChange(e.target.value as ChunkMethod)}
          >
            {CHUNK_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`kbConfig.methods.${method}.label`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ConfigField>
      <Box
        data-testid="chunk-method-info"
        bg="brand.subtle"
        borderWidth="1px"
        borderColor="brand.muted"
        rounded="md"
        p="4"
        aria-live="polite"
      >
        <Stack gap="2" fontSize="sm">
          <Text fontWeight="semibold" color="brand.fg">
            {t(`kbConfig.methods.${value}.label`)}
          </Text>
          <Text>{t(`kbConfig.methods.${value}.description`)}</Text>
          <Text color="fg.muted">
            {t("kbConfig.method.formats")}: {t(`kbConfig.methods.${value}.formats`)}
          </Text>
          <Stack gap="1">
            <Text fontWeight="medium">{t("kbConfig.method.example")}</Text>
            <Code display="block" whiteSpace="pre-wrap" p="2" rounded="sm" variant="surface">
              {t(`kbConfig.methods.${value}.example`)}
            </Code>
          </Stack>
        </Stack>
      </Box>
      {needsModel(value) && <MissingModel method={value} datasetLlmId={llmId} />}
    </Stack>
  );
};
