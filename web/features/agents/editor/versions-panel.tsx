import { Badge, Box, Button, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Eye, History, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EditorSidePanel } from "./side-panel";
import { type DslChanges, dslChanges, hasChanges } from "../../../../worker/contract/agent-versions";
import type { Dsl } from "../../../../worker/contract/agents";
import {
  type AgentVersionSummary,
  agentVersionQueryOptions,
  agentVersionsQueryOptions,
  latestRelease,
  useRestoreVersionMutation,
} from "../../../api/agent-versions";
import { notifyError, notifySuccess } from "../../../components/notify";
import { formatDateTime } from "../../../lib/format";
import type { SaveState } from "./use-autosave";

type Props = {
  agentId: string;
  canvas: Dsl;
  readOnly: boolean;
  saveState: SaveState;
  // saves what is pending first, so that nothing overwrites the restored flow
  beforeRestore: () => Promise<boolean>;
  onRestored: () => void;
  onClose: () => void;
};

// The oldest listed version has nothing before it: the flow's first, or the oldest kept after pruning.
const ChangeSummary = ({ changes, oldest, first }: { changes: DslChanges; oldest: boolean; first: boolean }) => {
  const { t } = useTranslation();
  if (oldest)
    return (
      <Text fontSize="xs" data-testid="version-changes">
        {first ? t("agentTriggers.versions.first") : t("agentTriggers.versions.oldestKept")}
      </Text>
    );
  const parts = [
    changes.added.length > 0 && t("agentTriggers.versions.added", { count: changes.added.length }),
    changes.removed.length > 0 && t("agentTriggers.versions.removed", { count: changes.removed.length }),
    changes.changed.length > 0 && t("agentTriggers.versions.changed", { count: changes.changed.length }),
  ].filter(Boolean);
  const text =
    parts.length > 0
      ? parts.join(" · ")
      : changes.other
        ? t("agentTriggers.versions.other")
        : t("agentTriggers.versions.unchanged");
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="version-changes">
      {text}
    </Text>
  );
};

const ComponentList = ({ items, label }: { items: { id: string }[]; label: string }) =>
  items.length === 0 ? null : (
    <Text fontSize="xs">
      {label}: {items.map((item) => item.id).join(", ")}
    </Text>
  );

// One version opened: its components, and how it differs from what the canvas holds now.
const VersionDetails = ({ agentId, versionId, canvas }: { agentId: string; versionId: string; canvas: Dsl }) => {
  const { t } = useTranslation();
  const query = useQuery(agentVersionQueryOptions(agentId, versionId));
  if (!query.data) return <Spinner size="sm" />;
  const againstCanvas = dslChanges(canvas, query.data.dsl);
  return (
    <Stack gap="1" borderTopWidth="1px" pt="2" data-testid="version-details">
      <Text fontSize="xs" fontWeight="semibold">
        {t("agentTriggers.versions.components")}
      </Text>
      <Text fontSize="xs" fontFamily="mono" wordBreak="break-all">
        {Object.keys(query.data.dsl.components).join(", ")}
      </Text>
      <Text fontSize="xs" fontWeight="semibold">
        {t("agentTriggers.versions.againstCanvas")}
      </Text>
      {hasChanges(againstCanvas) ? (
        <>
          <ComponentList
            items={againstCanvas.added}
            label={t("agentTriggers.versions.added", { count: againstCanvas.added.length })}
          />
          <ComponentList
            items={againstCanvas.removed}
            label={t("agentTriggers.versions.removed", { count: againstCanvas.removed.length })}
          />
          <ComponentList
            items={againstCanvas.changed}
            label={t("agentTriggers.versions.changed", { count: againstCanvas.changed.length })}
          />
          {againstCanvas.other && <Text fontSize="xs">{t("agentTriggers.versions.other")}</Text>}
        </>
      ) : (
        <Text fontSize="xs">{t("agentTriggers.versions.sameAsCanvas")}</Text>
      )}
    </Stack>
  );
};

const VersionRow = ({
  version,
  oldest,
  latest,
  published,
  open,
  onToggle,
  restoring,
  onRestore,
  readOnly,
  children,
}: {
  version: AgentVersionSummary;
  oldest: boolean;
  latest: boolean;
  // the newest published version, the one run_buddy runs
  published: boolean;
  open: boolean;
  onToggle: () => void;
  restoring: boolean;
  onRestore: () => void;
  readOnly: boolean;
  children: React.ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="1.5" borderWidth="1px" rounded="md" p="2" data-testid="version-row">
      <HStack justify="space-between" align="start">
        <Box minW="0">
          <HStack gap="1.5">
            <Text fontSize="sm" fontWeight="medium">
              {formatDateTime(version.create_time)}
            </Text>
            {latest && (
              <Badge size="sm" colorPalette="teal">
                {t("agentTriggers.versions.current")}
              </Badge>
            )}
            {version.release && (
              <Badge
                size="sm"
                colorPalette={published ? "green" : "gray"}
                variant={published ? "solid" : "subtle"}
                data-testid="version-release"
              >
                {published ? t("agentTriggers.versions.published") : t("agentTriggers.versions.publishedBefore")}
              </Badge>
            )}
          </HStack>
          <Text fontSize="xs" color="fg.muted" truncate title={version.title}>
            {version.title}
          </Text>
          <ChangeSummary changes={version.changes} oldest={oldest} first={version.first} />
        </Box>
        <HStack gap="1" flexShrink="0">
          <Button size="xs" variant="ghost" onClick={onToggle}>
            <Eye /> {open ? t("agentTriggers.versions.hide") : t("agentTriggers.versions.view")}
          </Button>
          {!readOnly && !latest && (
            <Button size="xs" variant="outline" loading={restoring} onClick={onRestore}>
              <RotateCcw /> {t("agentTriggers.versions.restore")}
            </Button>
          )}
        </HStack>
      </HStack>
      {open && children}
    </Stack>
  );
};

// The flow's saved versions, newest first: what each save changed, a look at one, and going back to it.
export const VersionsPanel = ({ agentId, canvas, readOnly, saveState, beforeRestore, onRestored, onClose }: Props) => {
  const { t } = useTranslation();
  const query = useQuery(agentVersionsQueryOptions(agentId));
  const restore = useRestoreVersionMutation(agentId);
  const [openId, setOpenId] = useState<string | null>(null);
  const refetch = query.refetch;
  // a finished save may have made a version
  useEffect(() => {
    if (saveState === "saved") void refetch();
  }, [saveState, refetch]);

  const restoreVersion = async (id: string) => {
    if (!(await beforeRestore())) return;
    try {
      await restore.mutateAsync(id);
      notifySuccess(t("agentTriggers.versions.restored"));
      onRestored();
    } catch (error) {
      notifyError(error);
    }
  };

  const versions = query.data ?? [];
  const oldest = versions.at(-1)?.id;
  const published = latestRelease(versions)?.id;
  return (
    <EditorSidePanel
      title={t("agentTriggers.versions.title")}
      icon={<History size={16} />}
      onClose={onClose}
      testId="versions-panel"
      gap="2"
    >
      <Text fontSize="sm" color="fg.muted">
        {t("agentTriggers.versions.hint")}
      </Text>
      {query.isPending && <Spinner size="sm" />}
      {query.data && versions.length === 0 && <Text fontSize="sm">{t("agentTriggers.versions.empty")}</Text>}
      {versions.map((version, i) => (
        <VersionRow
          key={version.id}
          version={version}
          oldest={version.id === oldest}
          latest={i === 0}
          published={version.id === published}
          open={openId === version.id}
          onToggle={() => setOpenId((current) => (current === version.id ? null : version.id))}
          restoring={restore.isPending && restore.variables === version.id}
          onRestore={() => void restoreVersion(version.id)}
          readOnly={readOnly}
        >
          <VersionDetails agentId={agentId} versionId={version.id} canvas={canvas} />
        </VersionRow>
      ))}
    </EditorSidePanel>
  );
};
