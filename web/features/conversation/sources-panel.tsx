import { Accordion, Badge, Box, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { ExternalLink, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Reference } from "../../../worker/contract/chats";
import { formatCount, formatNumber } from "../../lib/format";
import { documentHref } from "./answer-markdown";

// Under an answer: the documents its context came from, each expandable to the chunks used.
// documentLinks: false where the reader cannot open the knowledge base's documents (a shared chat's visitor)
export const SourcesPanel = ({
  reference,
  documentLinks = true,
}: {
  reference: Reference | null | undefined;
  documentLinks?: boolean;
}) => {
  const { t } = useTranslation();
  const docs = reference?.doc_aggs ?? [];
  if (!reference || docs.length === 0) return null;
  return (
    <Stack as="section" gap="1" mt="2" aria-label={t("chat.sources.title")} data-testid="sources">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {t("chat.sources.title")}
      </Text>
      <Accordion.Root multiple collapsible size="sm" variant="plain">
        {docs.map((doc) => {
          const chunks = reference.chunks.filter((chunk) => chunk.document_id === doc.doc_id);
          return (
            <Accordion.Item key={doc.doc_id} value={doc.doc_id} borderWidth="1px" rounded="md" mb="1" bg="app.surface">
              <Accordion.ItemTrigger px="2" py="1.5" fontSize="sm" cursor="pointer">
                <FileText size={14} aria-hidden />
                <Text as="span" flex="1" textAlign="start" wordBreak="break-all">
                  {doc.doc_name}
                </Text>
                <Badge variant="surface" aria-label={t("chat.sources.count", { count: doc.count })}>
                  {formatCount(doc.count)}
                </Badge>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody px="2" pt="0" pb="2">
                  <Stack gap="2">
                    {chunks.length === 0 && (
                      <Text fontSize="xs" color="fg.muted">
                        {t("chat.sources.noChunks")}
                      </Text>
                    )}
                    {chunks.map((chunk) => (
                      <Box key={chunk.id} borderStartWidth="2px" borderColor="brand.emphasized" ps="2">
                        <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" lineClamp={6}>
                          {chunk.content}
                        </Text>
                        <HStack gap="3" mt="1" fontSize="xs" color="fg.muted">
                          <Text>{t("chat.answer.similarity", { value: formatNumber(chunk.similarity) })}</Text>
                          {documentLinks && (
                            <Link href={documentHref(chunk)} target="_blank" rel="noreferrer noopener" color="brand.fg">
                              {t("chat.answer.openDocument")} <ExternalLink size={12} aria-hidden />
                            </Link>
                          )}
                        </HStack>
                      </Box>
                    ))}
                  </Stack>
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>
    </Stack>
  );
};
