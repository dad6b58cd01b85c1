import { Badge, CloseButton, HStack, Table, Text, Wrap } from "@chakra-ui/react";
import { FileText, Folder, FolderLock, Globe, Image, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FileEntry, LinkedDataset } from "../../../worker/contract/files";
import { SelectCheckbox } from "../../components/select-checkbox";
import { formatFileSize } from "../../lib/file-size";
import { formatDateTime } from "../../lib/format";
import { FileRowActions, type FileAction } from "./file-row-actions";

type Props = {
  files: FileEntry[];
  selected: Set<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  onOpen: (file: FileEntry) => void;
  onAction: (file: FileEntry, action: FileAction) => void;
  onUnlink: (link: LinkedDataset) => void;
};

export const isFolderEntry = (file: FileEntry) => file.type === "folder";

const iconFor = (file: FileEntry) => {
  if (isFolderEntry(file)) return file.readonly ? FolderLock : Folder;
  if (file.source_type === "web") return Globe;
  return file.type === "visual" ? Image : FileText;
};

const typeKey = (file: FileEntry) =>
  (["folder", "pdf", "doc", "visual", "virtual"].includes(file.type) ? file.type : "other") as
    | "folder"
    | "pdf"
    | "doc"
    | "visual"
    | "virtual"
    | "other";

// Linked knowledge bases show as badges; a link of an own file can be removed from here.
const LinkedBadges = ({ file, onUnlink }: { file: FileEntry; onUnlink: (link: LinkedDataset) => void }) => {
  const { t } = useTranslation();
  if (file.readonly) return null;
  return (
    <Wrap gap="1">
      {file.kbs_info.map((link) => (
        <Badge key={link.doc_id} colorPalette="teal" variant="subtle" gap="0.5" pe="0.5" data-testid="linked-kb">
          {link.kb_name}
          <CloseButton
            size="2xs"
            aria-label={t("files.unlink", { name: link.kb_name })}
            onClick={() => onUnlink(link)}
          />
        </Badge>
      ))}
    </Wrap>
  );
};

export const FileTable = ({ files, selected, onSelect, onOpen, onAction, onUnlink }: Props) => {
  const { t } = useTranslation();
  const selectable = files.filter((file) => !file.readonly);
  const allChecked = selectable.length > 0 && selectable.every((file) => selected.has(file.id));
  const someChecked = selectable.some((file) => selected.has(file.id));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="app.surface">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10">
              <SelectCheckbox
                disabled={selectable.length === 0}
                checked={allChecked ? true : someChecked ? "indeterminate" : false}
                onChange={(checked) =>
                  onSelect(
                    selectable.map((file) => file.id),
                    checked,
                  )
                }
                label={t("files.selectAll")}
              />
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t("files.column.name")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("files.column.size")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("files.column.type")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("files.column.linked")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("files.column.updated")}</Table.ColumnHeader>
            <Table.ColumnHeader w="12">
              <Text srOnly>{t("common.actions")}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {files.map((file) => {
            const Icon = iconFor(file);
            return (
              <Table.Row key={file.id} data-testid="file-row" data-name={file.name}>
                <Table.Cell>
                  <SelectCheckbox
                    disabled={file.readonly}
                    checked={selected.has(file.id)}
                    onChange={(checked) => onSelect([file.id], checked)}
                    label={t("files.selectRow", { name: file.name })}
                  />
                </Table.Cell>
                <Table.Cell maxW="sm">
                  <HStack gap="2">
                    <Icon size={16} aria-hidden />
                    <Text
                      asChild
                      truncate
                      _hover={{ textDecoration: "underline" }}
                      cursor="pointer"
                      title={file.source_url ?? file.name}
                    >
                      <button type="button" onClick={() => onOpen(file)}>
                        {file.name}
                      </button>
                    </Text>
                    {file.readonly && (
                      <Badge size="xs" variant="outline" gap="1">
                        <Lock size={10} aria-hidden /> {t("files.readonly")}
                      </Badge>
                    )}
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {isFolderEntry(file) ? "—" : formatFileSize(file.size)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{t(`files.type.${typeKey(file)}`)}</Table.Cell>
                <Table.Cell>
                  <LinkedBadges file={file} onUnlink={onUnlink} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(file.update_time)}</Table.Cell>
                <Table.Cell>
                  <FileRowActions file={file} onAction={(action) => onAction(file, action)} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
