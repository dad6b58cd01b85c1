import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import type { DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { COMPONENT_COLORS, PALETTE_GROUPS } from "../model/catalog";
import { type CanvasKind, DATAFLOW_CANVAS, DATAFLOW_PALETTE_GROUPS } from "../model/dataflow";
import type { EditorComponent } from "../model/graph";
import { ComponentIcon } from "../nodes/component-icon";

export const DRAG_TYPE = "application/x-buddy-component";

const PaletteItem = ({ name, onAdd }: { name: EditorComponent; onAdd: (name: EditorComponent) => void }) => {
  const { t } = useTranslation();
  const startDrag = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, name);
    event.dataTransfer.effectAllowed = "move";
  };
  return (
    <Button
      size="sm"
      variant="ghost"
      justifyContent="start"
      draggable
      onDragStart={startDrag}
      onClick={() => onAdd(name)}
      aria-label={t("agents.editor.addComponent", { name: t(`agents.components.${name}`) })}
      title={t(`agents.hints.${name}`)}
      cursor="grab"
      data-testid={`palette-${name}`}
    >
      <Box color={`${COMPONENT_COLORS[name]}.fg`}>
        <ComponentIcon name={name} />
      </Box>
      {t(`agents.components.${name}`)}
    </Button>
  );
};

// The groups' headings: an agent's groups, then a pipeline's.
const groupTitle = (group: string) =>
  group in DATAFLOW_PALETTE_GROUPS
    ? (`pipelines.groups.${group as keyof typeof DATAFLOW_PALETTE_GROUPS}` as const)
    : (`agents.editor.groups.${group as keyof typeof PALETTE_GROUPS}` as const);

// The palette of a canvas kind: an agent's components, or a pipeline's.
export const paletteOf = (kind: CanvasKind): Record<string, readonly EditorComponent[]> =>
  kind === DATAFLOW_CANVAS ? DATAFLOW_PALETTE_GROUPS : PALETTE_GROUPS;

// Every component but the start (Begin, File), in groups: a click adds it in the middle of the canvas, dragging puts
// it where it is dropped.
export const ComponentPalette = ({ onAdd, kind }: { onAdd: (name: EditorComponent) => void; kind: CanvasKind }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3" p="3" as="nav" aria-label={t("agents.editor.palette")}>
      <Text fontSize="xs" color="fg.subtle">
        {t("agents.editor.paletteHint")}
      </Text>
      {Object.entries(paletteOf(kind)).map(([group, names]) => (
        <Stack key={group} gap="1" role="group" aria-labelledby={`palette-${group}`}>
          <Heading
            as="h2"
            id={`palette-${group}`}
            size="xs"
            color="fg.muted"
            textTransform="uppercase"
            letterSpacing="wide"
          >
            {t(groupTitle(group))}
          </Heading>
          {names.map((name) => (
            <PaletteItem key={name} name={name} onAdd={onAdd} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
};
