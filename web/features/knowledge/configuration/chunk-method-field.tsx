import { Box, Code, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { CHUNK_METHODS, type ChunkMethod } from "../../../../worker/contract/parser-config";
import { ConfigField, type FieldErrorProp } from "./config-field";

type Props = { value: ChunkMethod; onChange: (method: ChunkMethod) => void; error: FieldErrorProp };

// The method select plus what the chosen method does and what one of its chunks looks like.
export const ChunkMethodField = ({ value, onChange, error }: Props) => {
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
    </Stack>
  );
};
