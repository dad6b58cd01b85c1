import { Badge, Box, Checkbox, HStack, IconButton, Stack, Switch, Text } from "@chakra-ui/react";
import { ChunkImageLink } from "../../components/chunk-image-link";
import { ChunkContent, hasTable } from "./chunk-content";
import { Pencil, Tag as TagIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Chunk } from "../../../worker/contract/chunks";

type Props = {
  chunk: Chunk;
  index: number;
  selected: boolean;
  active: boolean;
  onSelect: (checked: boolean) => void;
  onActivate: () => void;
  onEdit: () => void;
  onToggle: (available: boolean) => void;
};

export const ChunkCard = ({ chunk, index, selected, active, onSelect, onActivate, onEdit, onToggle }: Props) => {
  const { t } = useTranslation();
  return (
    <Box
      borderWidth="1px"
      borderColor={active ? "brand.solid" : "border"}
      bg={chunk.available ? "app.surface" : "bg.muted"}
      rounded="md"
      p="3"
      data-testid="chunk-card"
      opacity={chunk.available ? 1 : 0.75}
    >
      <HStack align="start" gap="3">
        <Checkbox.Root
          size="sm"
          checked={selected}
          onCheckedChange={(e) => onSelect(e.checked === true)}
          aria-label={t("chunks.selectChunk", { n: index })}
          mt="1"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
        <Stack flex="1" minW="0" gap="2">
          {hasTable(chunk.content) ? (
            // a table is no content of a <button>: the card's text is a focusable element acting as one
            <ChunkContent
              content={chunk.content}
              data-testid="chunk-text"
              role="button"
              tabIndex={0}
              onClick={onActivate}
              onKeyDown={(event) => {
                if (event.key !== "Enter" && event.key !== " ") return;
                event.preventDefault();
                onActivate();
              }}
              cursor="pointer"
              maxH="72"
              overflowY="auto"
              _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
            />
          ) : (
            <Text
              as="button"
              textAlign="start"
              fontSize="sm"
              whiteSpace="pre-wrap"
              lineClamp={6}
              data-testid="chunk-text"
              onClick={onActivate}
              cursor="pointer"
              _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
            >
              {chunk.content}
            </Text>
          )}
          {chunk.image_url && <ChunkImageLink url={chunk.image_url} documentName={chunk.docnm_kwd} maxH="32" />}
          <HStack gap="1" wrap="wrap">
            {chunk.page_num_int.length > 0 && (
              <Badge variant="outline">{t("chunks.page", { page: chunk.page_num_int.join(", ") })}</Badge>
            )}
            <Badge variant="outline">{t("chunks.tokens", { count: chunk.token_count })}</Badge>
            {chunk.manual && <Badge colorPalette="purple">{t("chunks.manual")}</Badge>}
            {chunk.important_keywords.map((keyword) => (
              <Badge key={keyword} colorPalette="teal">
                {keyword}
              </Badge>
            ))}
            {/* the rows' own tags (tag sets) and the tags a tag set gave the chunk */}
            {[...new Set([...chunk.tag_kwd, ...Object.keys(chunk.tag_feas ?? {})])].map((tag) => (
              <Badge key={`tag:${tag}`} colorPalette="orange" title={t("chunks.tag")}>
                <TagIcon aria-hidden />
                {tag}
              </Badge>
            ))}
            {chunk.questions.map((question) => (
              <Badge key={question} colorPalette="blue" title={question} maxW="xs" truncate>
                {question}
              </Badge>
            ))}
          </HStack>
        </Stack>
        <Stack align="end" gap="2">
          <Switch.Root
            size="sm"
            colorPalette="teal"
            checked={chunk.available}
            onCheckedChange={(e) => onToggle(e.checked)}
            aria-label={`${t("chunks.enabled")} ${index}`}
          >
            <Switch.HiddenInput />
            <Switch.Control />
          </Switch.Root>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`${t("chunks.edit")} ${index}`}
            onClick={onEdit}
            data-testid="edit-chunk"
          >
            <Pencil />
          </IconButton>
        </Stack>
      </HStack>
    </Box>
  );
};
