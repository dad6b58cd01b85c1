import { HStack, Switch, Table, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { FileText, Globe, StickyNote } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DatasetDocument } from "../../../worker/contract/documents";
import { SelectCheckbox } from "../../components/select-checkbox";
import { formatFileSize } from "../../lib/file-size";
import { formatCount, formatDateTime } from "../../lib/format";
import { RowActions, type RowAction } from "./row-actions";
import { StatusBadge } from "./status-badge";

type Props = {
  datasetId: string;
  docs: DatasetDocument[];
  selected: Set<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  onToggleEnabled: (doc: DatasetDocument, enabled: boolean) => void;
  onAction: (doc: DatasetDocument, action: RowAction) => void;
};

const iconFor = (doc: DatasetDocument) =>
  doc.source_type === "web" ? Globe : doc.type === "virtual" ? StickyNote : FileText;

// "author: RKI · year: 2024" from the document's metadata, under its name
const MetaLine = ({ doc }: { doc: DatasetDocument }) => {
  const line = Object.entries(doc.meta_fields ?? {})
    .map(([key, value]) => `${key}: ${[value].flat().join(", ")}`)
    .join(" · ");
  return line ? (
    <Text fontSize="xs" color="fg.muted" truncate maxW="40" ps="6" title={line} data-testid="document-meta">
      {line}
    </Text>
  ) : null;
};

export const DocumentTable = ({ datasetId, docs, selected, onSelect, onToggleEnabled, onAction }: Props) => {
  const { t } = useTranslation();
  const allChecked = docs.length > 0 && docs.every((doc) => selected.has(doc.id));
  const someChecked = docs.some((doc) => selected.has(doc.id));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10">
              <SelectCheckbox
                checked={allChecked ? true : someChecked ? "indeterminate" : false}
                onChange={(checked) =>
                  onSelect(
                    docs.map((doc) => doc.id),
                    checked,
                  )
                }
                label={t("docs.selectAll")}
              />
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t("docs.name")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("docs.uploadDate")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("docs.size")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("docs.chunkNumber")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("docs.chunkMethod")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("docs.enabled")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("docs.parsingStatus")}</Table.ColumnHeader>
            <Table.ColumnHeader w="12">
              <Text srOnly>{t("common.actions")}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {docs.map((doc) => {
            const Icon = iconFor(doc);
            return (
              <Table.Row key={doc.id} data-testid="document-row" data-name={doc.name}>
                <Table.Cell>
                  <SelectCheckbox
                    checked={selected.has(doc.id)}
                    onChange={(checked) => onSelect([doc.id], checked)}
                    label={t("docs.selectRow", { name: doc.name })}
                  />
                </Table.Cell>
                <Table.Cell maxW="xs">
                  <HStack gap="2">
                    <Icon size={16} aria-hidden />
                    <Link to="/knowledge/dataset/chunk" search={{ id: datasetId, doc: doc.id }}>
                      <Text
                        truncate
                        title={doc.source_url ? t("docs.webSource", { url: doc.source_url }) : doc.name}
                        _hover={{ textDecoration: "underline" }}
                      >
                        {doc.name}
                      </Text>
                    </Link>
                  </HStack>
                  <MetaLine doc={doc} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(doc.create_time)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatFileSize(doc.size)}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCount(doc.chunk_count)}</Table.Cell>
                <Table.Cell>{t(`kbConfig.methods.${doc.chunk_method}.label`)}</Table.Cell>
                <Table.Cell>
                  <Switch.Root
                    size="sm"
                    colorPalette="teal"
                    checked={doc.status === "1"}
                    onCheckedChange={(e) => onToggleEnabled(doc, e.checked)}
                    aria-label={`${t("docs.enabled")}: ${doc.name}`}
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                  </Switch.Root>
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge doc={doc} />
                </Table.Cell>
                <Table.Cell>
                  <RowActions doc={doc} onAction={(action) => onAction(doc, action)} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
