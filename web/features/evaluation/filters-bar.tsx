import { Box, HStack, NativeSelect, Wrap } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { FEEDBACK_REASONS, type FeedbackReason } from "../../../worker/contract/chats";
import type { Chat } from "../../api/chats";
import { THUMB_FILTERS, type ThumbFilter } from "../../api/evaluation";
import { FormField } from "../../components/form-field";
import { SearchInput } from "../../components/search-input";

type SelectProps = {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
};

const Select = ({ label, name, value, onChange, options }: SelectProps) => (
  <Box w={{ base: "full", sm: "64" }}>
    <FormField label={label}>
      <NativeSelect.Root size="md">
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  </Box>
);

export const AssistantSelect = ({
  chats,
  value,
  onChange,
}: {
  chats: Chat[];
  value: string;
  onChange(chatId: string): void;
}) => {
  const { t } = useTranslation();
  return (
    <Select
      label={t("evaluation.filters.assistant")}
      name="assistant"
      value={value}
      onChange={onChange}
      options={[
        { value: "", label: t("evaluation.allAssistants") },
        ...chats.map((chat) => ({ value: chat.id, label: chat.name })),
      ]}
    />
  );
};

type FeedbackFilterProps = {
  reason: FeedbackReason | undefined;
  thumbs: ThumbFilter;
  keywords: string;
  onChange(changes: { reason?: FeedbackReason | undefined; thumbs?: ThumbFilter; keywords?: string }): void;
};

// Reason, rating and a text search over the feedback table.
export const FeedbackFilters = ({ reason, thumbs, keywords, onChange }: FeedbackFilterProps) => {
  const { t } = useTranslation();
  return (
    <Wrap gap="3" align="end">
      <Select
        label={t("evaluation.filters.thumbs")}
        name="thumbs"
        value={thumbs}
        onChange={(value) => onChange({ thumbs: value as ThumbFilter })}
        options={THUMB_FILTERS.map((value) => ({ value, label: t(`evaluation.filters.thumb.${value}`) }))}
      />
      <Select
        label={t("evaluation.filters.reason")}
        name="reason"
        value={reason ?? ""}
        onChange={(value) => onChange({ reason: (value || undefined) as FeedbackReason | undefined })}
        options={[
          { value: "", label: t("evaluation.filters.anyReason") },
          ...FEEDBACK_REASONS.map((value) => ({ value, label: t(`chat.feedback.reasons.${value}`) })),
        ]}
      />
      <HStack alignSelf="end">
        <SearchInput
          value={keywords}
          onChange={(value) => onChange({ keywords: value })}
          label={t("evaluation.filters.keywords")}
        />
      </HStack>
    </Wrap>
  );
};
