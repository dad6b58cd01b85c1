import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import type { DragEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ComponentName } from "../../../../worker/contract/agents";
import { COMPONENT_COLORS, PALETTE_GROUPS } from "../model/catalog";
import { ComponentIcon } from "../nodes/component-icon";

export const DRAG_TYPE = "application/x-buddy-component";

const PaletteItem = ({ name, onAdd }: { name: ComponentName; onAdd: (name: ComponentName) => void }) => {
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

// Every component but Begin, in groups: a click adds it in the middle of the canvas, dragging puts it where it is dropped.
export const ComponentPalette = ({ onAdd }: { onAdd: (name: ComponentName) => void }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3" p="3" as="nav" aria-label={t("agents.editor.palette")}>
      <Text fontSize="xs" color="fg.subtle">
        {t("agents.editor.paletteHint")}
      </Text>
      {Object.entries(PALETTE_GROUPS).map(([group, names]) => (
        <Stack key={group} gap="1" role="group" aria-labelledby={`palette-${group}`}>
          <Heading
            as="h2"
            id={`palette-${group}`}
            size="xs"
            color="fg.muted"
            textTransform="uppercase"
            letterSpacing="wide"
          >
            {t(`agents.editor.groups.${group as keyof typeof PALETTE_GROUPS}`)}
          </Heading>
          {names.map((name) => (
            <PaletteItem key={name} name={name} onAdd={onAdd} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
};
