import { HStack, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { exportHistory } from "../../../api/chats";
import { type DateRange, DateRangeFields, isValidRange, lastDays } from "../../../components/date-range-fields";
import { FormDialog } from "../../../components/form-dialog";
import { notifyError, notifySuccess } from "../../../components/notify";
import { saveBlob } from "../../../lib/save-blob";

const FORMATS = [
  { value: "json", label: "JSON" },
  { value: "csv", label: "CSV" },
  { value: "md", label: "Markdown" },
] as const;
type ExportFormat = (typeof FORMATS)[number]["value"];

const fileNameOf = (chatName: string, range: DateRange, format: ExportFormat) =>
  `${chatName.replace(/[^\p{L}\p{N}_-]+/gu, "_").slice(0, 80) || "chat"}_${range.from}_${range.to}.${format}`;

type Props = { chatId: string; chatName: string; onClose(): void };

// Downloads an assistant's conversations in a date range as JSON, CSV or Markdown.
export const ExportDialog = ({ chatId, chatName, onClose }: Props) => {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => lastDays());
  const [format, setFormat] = useState<ExportFormat>("json");
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidRange(range)) return;
    setLoading(true);
    const blob = await exportHistory(chatId, range.from, range.to, format).catch(notifyError);
    setLoading(false);
    if (!blob) return;
    saveBlob(blob, fileNameOf(chatName, range, format));
    notifySuccess(t("chat.exporter.done"));
    onClose();
  };

  return (
    <FormDialog
      title={t("chat.exporter.title", { name: chatName })}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      submitLabel={t("chat.exporter.download")}
      submitDisabled={!isValidRange(range)}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t("chat.exporter.hint")}
        </Text>
        <DateRangeFields value={range} onChange={setRange} />
        <RadioGroup.Root
          value={format}
          onValueChange={(e) => e.value && setFormat(e.value as ExportFormat)}
          colorPalette="teal"
          size="sm"
        >
          <RadioGroup.Label>{t("chat.exporter.format")}</RadioGroup.Label>
          <HStack gap="4" mt="2">
            {FORMATS.map((item) => (
              <RadioGroup.Item key={item.value} value={item.value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{item.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      </Stack>
    </FormDialog>
  );
};
