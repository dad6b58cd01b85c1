import { Box, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AUTO_METADATA_TYPES, type AutoMetadataType } from "../../../../worker/contract/auto-metadata";
import type { FieldErrorProp } from "./config-field";
import type { MetadataRow } from "./form-values";

type Props = {
  row: MetadataRow;
  index: number;
  error: FieldErrorProp;
  onChange: (patch: Partial<MetadataRow>) => void;
  onRemove: () => void;
};

// One field the chat model fills: name, kind, what it means and (optionally) the values it may take.
export const MetadataFieldRow = ({ row, index, error, onChange, onRemove }: Props) => {
  const { t } = useTranslation();
  const errorId = useId();
  const described = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" data-testid="metadata-field-row">
      <HStack gap="3" align="start">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" flex="1">
          <Input
            {...described}
            aria-label={t("kbConfig.autoMetadata.name", { index })}
            placeholder={t("kbConfig.autoMetadata.namePlaceholder")}
            value={row.name}
            onChange={(e) => onChange({ name: e.target.value })}
          />
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={t("kbConfig.autoMetadata.type", { index })}
              value={row.type}
              onChange={(e) => onChange({ type: e.target.value as AutoMetadataType })}
            >
              {AUTO_METADATA_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`kbConfig.autoMetadata.types.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input
            aria-label={t("kbConfig.autoMetadata.description", { index })}
            placeholder={t("kbConfig.autoMetadata.descriptionPlaceholder")}
            value={row.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
          <Input
            aria-label={t("kbConfig.autoMetadata.values", { index })}
            placeholder={t("kbConfig.autoMetadata.valuesPlaceholder")}
            value={row.values}
            disabled={row.type === "number" || row.type === "time"}
            onChange={(e) => onChange({ values: e.target.value })}
          />
        </SimpleGrid>
        <Box>
          <IconButton
            aria-label={t("kbConfig.autoMetadata.remove", { index })}
            variant="ghost"
            size="sm"
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </IconButton>
        </Box>
      </HStack>
      {error && (
        <Text id={errorId} fontSize="sm" color="fg.error">
          {t(error.key, error.values ?? {})}
        </Text>
      )}
    </Stack>
  );
};
