import { Badge, Button, HStack, IconButton, Separator, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import {
  ArrowLeft,
  Braces,
  CalendarClock,
  FileDown,
  FlaskConical,
  History,
  Redo2,
  Save,
  Settings2,
  Undo2,
  Variable,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Agent } from "../../../api/agents";
import { PermissionBadge } from "../list/agent-card";
import { SaveStatus } from "./save-status";
import type { SaveState } from "./use-autosave";

export type EditorPanel = "node" | "globals" | "run" | "versions" | "schedule" | null;

type Props = {
  agent: Agent;
  // an ingestion pipeline: no schedule, globals or API; its run is a dry run on a file
  pipeline?: boolean;
  readOnly: boolean;
  saveState: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onOpen: (panel: EditorPanel) => void;
  onSettings: () => void;
  onPublish: () => void;
  onExport: () => void;
  // the Publish action; left out for those who may only run the flow
  release?: ReactNode;
};

export const EditorToolbar = ({
  agent,
  pipeline = false,
  readOnly,
  saveState,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onSave,
  onOpen,
  onSettings,
  onPublish,
  onExport,
  release,
}: Props) => {
  const { t } = useTranslation();
  return (
    <HStack gap="2" px="3" py="2" borderBottomWidth="1px" bg="app.surface" wrap="wrap">
      <IconButton asChild size="sm" variant="ghost" aria-label={t("agents.editor.back")}>
        <Link to="/flow">
          <ArrowLeft />
        </Link>
      </IconButton>
      <Text as="h1" fontWeight="semibold" truncate maxW="xs" title={agent.title}>
        {agent.title}
      </Text>
      <PermissionBadge permission={agent.permission} />
      {pipeline && (
        <Badge colorPalette="blue" variant="subtle" data-testid="pipeline-badge">
          {t("pipelines.kind.pipeline")}
        </Badge>
      )}
      {readOnly ? (
        <Badge colorPalette="orange" variant="subtle" data-testid="read-only-badge">
          {t("agents.editor.readOnly")}
        </Badge>
      ) : (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t("agents.editor.settings")}
          title={t("agents.editor.settings")}
          onClick={onSettings}
        >
          <Settings2 />
        </IconButton>
      )}
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t("agents.editor.exportJson")}
        title={t("agents.editor.exportJson")}
        onClick={onExport}
      >
        <FileDown />
      </IconButton>
      {!readOnly && <SaveStatus state={saveState} />}
      <HStack gap="1" ms="auto" wrap="wrap">
        {!readOnly && (
          <>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t("agents.editor.undo")}
              title={t("agents.editor.undoShortcut")}
              disabled={!canUndo}
              onClick={onUndo}
            >
              <Undo2 />
            </IconButton>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t("agents.editor.redo")}
              title={t("agents.editor.redoShortcut")}
              disabled={!canRedo}
              onClick={onRedo}
            >
              <Redo2 />
            </IconButton>
            <Separator orientation="vertical" h="6" />
          </>
        )}
        {!pipeline && (
          <Button size="sm" variant="ghost" onClick={() => onOpen("schedule")}>
            <CalendarClock /> {t("agentTriggers.schedule.title")}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => onOpen("versions")}>
          <History /> {t("agentTriggers.versions.open")}
        </Button>
        {!pipeline && (
          <>
            <Button size="sm" variant="ghost" onClick={() => onOpen("globals")}>
              <Variable /> {t("agents.editor.globals")}
            </Button>
            <Button size="sm" variant="ghost" onClick={onPublish}>
              <Braces /> {t("agents.editor.publish")}
            </Button>
            {!readOnly && release}
          </>
        )}
        <Button size="sm" variant="outline" colorPalette="teal" onClick={() => onOpen("run")}>
          <FlaskConical /> {t(pipeline ? "pipelines.dryRun.open" : "agents.editor.testRun")}
        </Button>
        {!readOnly && (
          <Button
            size="sm"
            colorPalette="teal"
            onClick={onSave}
            loading={saveState === "saving"}
            disabled={saveState === "saved"}
          >
            <Save /> {t("common.save")}
          </Button>
        )}
      </HStack>
    </HStack>
  );
};
