import { Button, Checkbox, CheckboxGroup, Popover, Portal, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { documentsQueryOptions } from "../../api/documents";
import { RouteErrorMessage } from "../../components/route-error";

// Enough for every knowledge base the list endpoint can return in one page.
const DOCUMENT_PAGE_SIZE = 1000;

type Props = { datasetId: string; value: string[]; onChange: (ids: string[]) => void };

// "All documents" or a chosen few, as a checkbox list in a popover; the list loads when first opened.
export const DocumentFilter = ({ datasetId, value, onChange }: Props) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    ...documentsQueryOptions(datasetId, { page: 1, pageSize: DOCUMENT_PAGE_SIZE }),
    enabled: open,
  });
  const docs = query.data?.docs ?? [];
  return (
    <Stack gap="1.5">
      <Text fontSize="sm" fontWeight="medium" id="retrieval-documents-label">
        {t("retrieval.documents")}
      </Text>
      <Popover.Root
        open={open}
        onOpenChange={(e) => setOpen(e.open)}
        positioning={{ placement: "bottom-start" }}
        lazyMount
        unmountOnExit
      >
        <Popover.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            justifyContent="space-between"
            aria-describedby="retrieval-documents-label"
          >
            {value.length ? t("retrieval.documentsSelected", { count: value.length }) : t("retrieval.documentsAll")}
            <ChevronDown />
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content maxH="80" overflowY="auto">
              <Popover.Body>
                <Stack gap="3">
                  <Text fontSize="xs" color="fg.muted">
                    {t("retrieval.documentsHint")}
                  </Text>
                  {query.isError ? (
                    <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
                  ) : query.isPending ? (
                    <Spinner size="sm" aria-label={t("common.loading")} />
                  ) : docs.length === 0 ? (
                    <Text fontSize="sm">{t("retrieval.documentsEmpty")}</Text>
                  ) : (
                    <CheckboxGroup value={value} onValueChange={onChange} aria-label={t("retrieval.documents")}>
                      <Stack gap="2">
                        {docs.map((doc) => (
                          <Checkbox.Root key={doc.id} value={doc.id} size="sm" colorPalette="teal">
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label wordBreak="break-all">{doc.name}</Checkbox.Label>
                          </Checkbox.Root>
                        ))}
                      </Stack>
                    </CheckboxGroup>
                  )}
                  {value.length > 0 && (
                    <Button size="xs" variant="ghost" alignSelf="start" onClick={() => onChange([])}>
                      {t("retrieval.documentsClear")}
                    </Button>
                  )}
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </Stack>
  );
};
