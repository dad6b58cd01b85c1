import { Button, Card, HStack, IconButton, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";

// A list of editable rows (loop variables, assignments, groups …): each row in a card with its own remove button,
// an add button below.
export const RowList = <T,>({
  rows,
  title,
  removeLabel,
  addLabel,
  onAdd,
  onRemove,
  children,
  testId,
}: {
  rows: T[];
  title: (index: number) => string;
  removeLabel: (index: number) => string;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  children: (row: T, index: number) => ReactNode;
  testId: string;
}) => (
  <Stack gap="2">
    {rows.map((row, index) => (
      <Card.Root key={index} size="sm" variant="outline" data-testid={testId}>
        <Card.Header flexDirection="row" alignItems="center" justifyContent="space-between" py="1.5">
          <Text fontSize="sm" fontWeight="medium">
            {title(index)}
          </Text>
          <IconButton size="xs" variant="ghost" aria-label={removeLabel(index)} onClick={() => onRemove(index)}>
            <Trash2 />
          </IconButton>
        </Card.Header>
        <Card.Body gap="1.5" pt="0">
          {children(row, index)}
        </Card.Body>
      </Card.Root>
    ))}
    <Button size="xs" variant="outline" alignSelf="start" onClick={onAdd}>
      <Plus /> {addLabel}
    </Button>
  </Stack>
);

// One choice of a few fixed values, with their labels.
export const Choice = <V extends string>({
  label,
  value,
  options,
  onChange,
  labelOf = (option) => option,
  name,
}: {
  label: string;
  value: V | undefined;
  options: readonly V[];
  onChange: (value: V) => void;
  labelOf?: (option: V) => string;
  name?: string;
}) => (
  <NativeSelect.Root size="xs">
    <NativeSelect.Field
      name={name}
      aria-label={label}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value as V)}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </NativeSelect.Field>
    <NativeSelect.Indicator />
  </NativeSelect.Root>
);

export const Row = ({ children }: { children: ReactNode }) => (
  <HStack gap="1.5" alignItems="center">
    {children}
  </HStack>
);

// Changes one entry of a list of objects.
export const patchAt = <T extends object>(list: T[], index: number, patch: Partial<T>) =>
  list.map((entry, i) => (i === index ? { ...entry, ...patch } : entry));
export const listOf = <T,>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
