import { HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { FieldErrorProp } from "./config-field";
import type { PageRow } from "./form-values";

type Props = {
  row: PageRow;
  index: number;
  error: FieldErrorProp;
  onChange: (patch: Partial<PageRow>) => void;
  onRemove: () => void;
};

// One "from – to" range; both inputs are named for screen readers and point at the row's error.
export const PageRangeRow = ({ row, index, error, onChange, onRemove }: Props) => {
  const { t } = useTranslation();
  const errorId = useId();
  const inputProps = {
    type: "number",
    min: 1,
    inputMode: "numeric",
    maxW: "36",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  return (
    <Stack gap="1">
      <HStack gap="3">
        <Text fontSize="sm" color="fg.muted" minW="8" aria-hidden>
          {t("kbConfig.fields.from")}
        </Text>
        <Input
          {...inputProps}
          name={`pages.${index - 1}.from`}
          aria-label={t("kbConfig.fields.rangeFrom", { index })}
          value={row.from}
          onChange={(e) => onChange({ from: e.target.value })}
        />
        <Text fontSize="sm" color="fg.muted" minW="8" aria-hidden>
          {t("kbConfig.fields.to")}
        </Text>
        <Input
          {...inputProps}
          name={`pages.${index - 1}.to`}
          aria-label={t("kbConfig.fields.rangeTo", { index })}
          value={row.to}
          onChange={(e) => onChange({ to: e.target.value })}
        />
        <IconButton
          aria-label={t("kbConfig.fields.removeRange", { index })}
          variant="ghost"
          size="sm"
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
        </IconButton>
      </HStack>
      {error && (
        <Text id={errorId} fontSize="sm" color="fg.error">
          {t(error.key, error.values ?? {})}
        </Text>
      )}
    </Stack>
  );
};
