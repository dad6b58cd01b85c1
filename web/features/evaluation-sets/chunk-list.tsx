import { Badge, Box, HStack, Stack, Text } from "@chakra-ui/react";
import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import type { EvaluationChunk } from "./types";

// The top chunks a run found for one question, the correct ones marked.
export const ChunkList = ({ chunks, label }: { chunks: EvaluationChunk[]; label: string }) => {
  const { t } = useTranslation();
  return (
    <Stack as="ol" gap="2" aria-label={label} listStyleType="none" m="0" p="0">
      {chunks.map((chunk, index) => (
        <Box
          as="li"
          key={chunk.id}
          borderWidth="1px"
          borderColor={chunk.correct ? "border.success" : "border"}
          rounded="md"
          p="2"
          bg="app.surface"
          data-testid="found-chunk"
          data-correct={chunk.correct}
        >
          <HStack gap="2" wrap="wrap" mb="1">
            <Badge variant="outline">{t("evalSets.detail.rank", { rank: index + 1 })}</Badge>
            {chunk.correct && (
              <Badge colorPalette="green" variant="subtle">
                <CircleCheck size={12} aria-hidden /> {t("evalSets.detail.correct")}
              </Badge>
            )}
            <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
              {chunk.document_name}
            </Text>
            <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
              {formatNumber(chunk.similarity)}
            </Text>
          </HStack>
          <Text fontSize="sm" lineClamp={3} whiteSpace="pre-wrap">
            {chunk.content}
          </Text>
        </Box>
      ))}
    </Stack>
  );
};
