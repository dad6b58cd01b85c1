import { Box, Table, Tabs, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../lib/format";
import { chunkWordText, rowInChunk } from "./chunk-match";
import { CitedPassageNote, type PreviewFocus } from "./cited-passage";
import { ReadState } from "./read-state";
import type { Sheet } from "./read-table";
import { useBlobRead } from "./use-blob-read";

export const TABLE_PREVIEW_MAX_ROWS = 500;

// The body rows (after the header) that a cited chunk was made from.
const citedRows = (sheet: Sheet, chunkWords: string | undefined) =>
  chunkWords === undefined
    ? []
    : sheet.rows
        .slice(1, TABLE_PREVIEW_MAX_ROWS + 1)
        .flatMap((row, index) => (rowInChunk(row, chunkWords) ? [index] : []));

const scrollToCited = (root: HTMLElement | null) =>
  root?.querySelector("[data-cited]")?.scrollIntoView({ block: "center" });

// The first row is the header; rows are padded so every one has all columns. Cited rows are highlighted.
const SheetTable = ({ sheet, cited = [] }: { sheet: Sheet; cited?: number[] }) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [header = [], ...body] = sheet.rows;
  useEffect(() => {
    if (cited.length > 0) scrollToCited(ref.current);
  }, [cited]);
  if (sheet.rows.length === 0)
    return (
      <Text color="fg.muted" p="4">
        {t("preview.table.empty")}
      </Text>
    );
  const shown = body.slice(0, TABLE_PREVIEW_MAX_ROWS);
  const columns = Array.from(
    { length: Math.max(header.length, ...shown.map((row) => row.length)) },
    (_, index) => index,
  );
  return (
    <Box ref={ref}>
      {body.length > shown.length && (
        <Text fontSize="sm" color="fg.muted" mb="2" data-testid="table-rows-note">
          {t("preview.table.rowsShown", { shown: formatCount(shown.length), total: formatCount(body.length) })}
        </Text>
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="app.surface" maxH="75vh">
        <Table.Root size="sm" stickyHeader showColumnBorder data-testid="table-preview">
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column} whiteSpace="nowrap" bg="bg.muted" fontWeight="semibold">
                  {header[column] ?? ""}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((row, rowIndex) => (
              // rows have no identity but their position, and they never reorder
              <Table.Row
                key={rowIndex}
                data-cited={cited.includes(rowIndex) || undefined}
                bg={cited.includes(rowIndex) ? { base: "yellow.200", _dark: "yellow.800" } : undefined}
              >
                {columns.map((column) => (
                  <Table.Cell key={column} verticalAlign="top">
                    {row[column] ?? ""}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
};

// A workbook gets one tab per sheet; a CSV file is a single table. Opened from a citation, the first sheet
// with cited rows is shown.
const SheetsView = ({ sheets, focus }: { sheets: Sheet[]; focus?: PreviewFocus }) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const chunkWords = focus?.text ? chunkWordText(focus.text) : undefined;
  const cited = useMemo(() => sheets.map((sheet) => citedRows(sheet, chunkWords)), [sheets, chunkWords]);
  const show = useCallback(() => scrollToCited(ref.current), []);
  const [first] = sheets;
  if (!first)
    return (
      <Text color="fg.muted" p="4">
        {t("preview.table.empty")}
      </Text>
    );
  const citedSheet = cited.findIndex((rows) => rows.length > 0);
  const note = focus && <CitedPassageNote state={{ status: citedSheet >= 0 ? "found" : "missing", show }} />;
  if (sheets.length === 1)
    return (
      <Box ref={ref}>
        {note}
        <SheetTable sheet={first} cited={cited[0]} />
      </Box>
    );
  return (
    <Tabs.Root
      ref={ref}
      defaultValue={String(Math.max(0, citedSheet))}
      colorPalette="teal"
      variant="line"
      lazyMount
      unmountOnExit
    >
      {note}
      <Tabs.List aria-label={t("preview.table.sheets")} overflowX="auto">
        {sheets.map((sheet, index) => (
          <Tabs.Trigger key={sheet.name} value={String(index)} whiteSpace="nowrap">
            {sheet.name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {sheets.map((sheet, index) => (
        <Tabs.Content key={sheet.name} value={String(index)}>
          <SheetTable sheet={sheet} cited={cited[index]} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
};

type Props = { blob: Blob; read: (blob: Blob) => Promise<Sheet[]>; focus?: PreviewFocus };

export const TableViewer = ({ blob, read, focus }: Props) => (
  <ReadState read={useBlobRead(blob, read)}>{(sheets) => <SheetsView sheets={sheets} focus={focus} />}</ReadState>
);
