import { Alert, Button, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { FlaskConical, FileUp } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Dsl } from "../../../../worker/contract/agents";
import { isUploadable, UPLOAD_EXTENSIONS } from "../../../../worker/contract/documents";
import { errorMessage } from "../../../components/notify";
import { formatFileSize } from "../../../lib/file-size";
import { formatNumber } from "../../../lib/format";
import { EditorSidePanel } from "../editor/side-panel";
import type { EditorNode } from "../model/graph";
import { ChunkPreview, DryRunSteps } from "./dry-run-steps";
import { useDryRun } from "./use-dry-run";

const ACCEPT = Object.keys(UPLOAD_EXTENSIONS).map((extension) => `.${extension}`);

type Props = {
  agentId: string;
  // the canvas as the editor has it: the dry run tests unsaved changes too
  dsl: Dsl;
  nodes: EditorNode[];
  // some node has something to fix: the run would fail, so it is not offered
  invalid: boolean;
  onClose: () => void;
};

// A pipeline's dry run: the chosen file goes through every step; each step's output and the chunks a real run
// would store are shown, nothing is kept.
export const DryRunPanel = ({ agentId, dsl, nodes, invalid, onClose }: Props) => {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [typeError, setTypeError] = useState(false);
  const run = useDryRun(agentId);
  const result = run.data;

  return (
    <EditorSidePanel
      title={t("pipelines.dryRun.title")}
      icon={<FlaskConical size={16} aria-hidden />}
      onClose={onClose}
      testId="dry-run-panel"
    >
      <Text fontSize="sm" color="fg.muted">
        {t("pipelines.dryRun.hint")}
      </Text>
      <input
        ref={picker}
        type="file"
        hidden
        accept={ACCEPT.join(",")}
        aria-label={t("pipelines.dryRun.chooseFile")}
        data-testid="dry-run-file"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = "";
          if (!chosen) return;
          setTypeError(!isUploadable(chosen.name));
          setFile(isUploadable(chosen.name) ? chosen : null);
          run.reset();
        }}
      />
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => picker.current?.click()}>
          <FileUp /> {t("pipelines.dryRun.chooseFile")}
        </Button>
        {file && (
          <Text fontSize="sm" truncate maxW="56" title={file.name} data-testid="dry-run-file-name">
            {file.name} · {formatFileSize(file.size)}
          </Text>
        )}
      </HStack>
      {typeError && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t("agents.run.fileType", { types: ACCEPT.join(" ") })}
        </Text>
      )}
      {invalid && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t("pipelines.dryRun.fixFirst")}</Alert.Description>
        </Alert.Root>
      )}
      <Button
        size="sm"
        colorPalette="teal"
        alignSelf="start"
        disabled={!file || invalid}
        loading={run.isPending}
        loadingText={t("pipelines.dryRun.running")}
        onClick={() => file && run.mutate({ file, dsl })}
      >
        <FlaskConical /> {t("pipelines.dryRun.start")}
      </Button>
      {run.isPending && (
        <HStack gap="2" color="fg.muted" fontSize="sm" aria-live="polite">
          <Spinner size="sm" /> {t("pipelines.dryRun.running")}
        </HStack>
      )}
      {run.isError && (
        <Alert.Root status="error" size="sm" data-testid="dry-run-error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(run.error)}</Alert.Description>
        </Alert.Root>
      )}
      {result && (
        <Stack gap="3" data-testid="dry-run-result">
          {result.error && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Description>{result.error}</Alert.Description>
            </Alert.Root>
          )}
          <DryRunSteps result={result} nodes={nodes} />
          <Text fontWeight="semibold" fontSize="sm">
            {t("pipelines.dryRun.chunks", { n: formatNumber(result.chunk_count, 0) })}
          </Text>
          {result.chunks.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t("pipelines.dryRun.noChunks")}
            </Text>
          ) : (
            <Stack gap="2" data-testid="dry-run-chunks">
              {result.chunks.map((chunk, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a preview's chunks have no ids; their order is fixed
                <ChunkPreview key={index} chunk={chunk} index={index} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </EditorSidePanel>
  );
};
