import { Box, Table, Tabs, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../lib/format";
import { ReadState } from "./read-state";
import type { Sheet } from "./read-table";
import { useBlobRead } from "./use-blob-read";

export const TABLE_PREVIEW_MAX_ROWS = 500;

// The first row is the header; rows are padded so every one has all columns.
const SheetTable = ({ sheet }: { sheet: Sheet }) => {
  const { t } = useTranslation();
  const [header = [], ...body] = sheet.rows;
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
    <Box>
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
              <Table.Row key={rowIndex}>
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

// A workbook gets one tab per sheet; a CSV file is a single table.
const SheetsView = ({ sheets }: { sheets: Sheet[] }) => {
  const { t } = useTranslation();
  const [first] = sheets;
  if (!first)
    return (
      <Text color="fg.muted" p="4">
        {t("preview.table.empty")}
      </Text>
    );
  if (sheets.length === 1) return <SheetTable sheet={first} />;
  return (
    <Tabs.Root defaultValue="0" colorPalette="teal" variant="line" lazyMount unmountOnExit>
      <Tabs.List aria-label={t("preview.table.sheets")} overflowX="auto">
        {sheets.map((sheet, index) => (
          <Tabs.Trigger key={sheet.name} value={String(index)} whiteSpace="nowrap">
            {sheet.name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {sheets.map((sheet, index) => (
        <Tabs.Content key={sheet.name} value={String(index)}>
          <SheetTable sheet={sheet} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
};

export const TableViewer = ({ blob, read }: { blob: Blob; read: (blob: Blob) => Promise<Sheet[]> }) => (
  <ReadState read={useBlobRead(blob, read)}>{(sheets) => <SheetsView sheets={sheets} />}</ReadState>
);
