import { Alert, Badge, Box, Button, Flex, HStack, IconButton, Stack, Tabs, Text } from "@chakra-ui/react";
import { MessageSquarePlus, RotateCcw, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadAgentInput } from "../../../api/agents";
import { Composer } from "../../conversation/composer";
import { formatNumber } from "../../../lib/format";
import type { BeginInput } from "../forms/begin-fields";
import { BEGIN_ID, type EditorNode } from "../model/graph";
import { invalidNodes } from "../model/node-validation";
import { runErrorText } from "../model/run-error";
import { FillUpForm } from "./fill-up-form";
import { missingInputs, RunInputs } from "./run-inputs";
import { RunMessages } from "./run-messages";
import { TraceList } from "./trace-list";
import { useAgentRun } from "./use-agent-run";

type Props = {
  agentId: string;
  agentName: string;
  nodes: EditorNode[];
  // saves pending changes first (the server runs the saved agent); false when that failed
  beforeRun: () => Promise<boolean>;
  onClose: () => void;
};

// "Testlauf": a conversation with the saved flow and the trace of its last run.
export const TestRunPanel = ({ agentId, agentName, nodes, beforeRun, onClose }: Props) => {
  const { t } = useTranslation();
  const begin = nodes.find((node) => node.id === BEGIN_ID);
  const prologue = typeof begin?.data.form.prologue === "string" ? begin.data.form.prologue : "";
  const inputs = (begin?.data.form.inputs ?? {}) as Record<string, BeginInput>;
  // a task flow runs on its inputs alone
  const taskMode = begin?.data.form.mode === "task";
  const run = useAgentRun(agentId, prologue);
  const [text, setText] = useState("");
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [tab, setTab] = useState("chat");
  const nameOf = (id: string) => nodes.find((node) => node.id === id)?.data.name ?? id;

  const send = async () => {
    const question = text.trim();
    if ((!question && !taskMode) || run.busy) return;
    const broken = invalidNodes(nodes);
    if (broken.length)
      return setProblem(t("agents.run.invalid", { names: broken.map(({ node }) => node.data.name).join(", ") }));
    const lacking = missingInputs(inputs, values);
    setMissing(lacking);
    if (lacking.length) return;
    setProblem(null);
    if (!(await beforeRun())) return setProblem(t("agents.run.saveFirst"));
    setText("");
    await run.ask(question, values);
  };

  // the saved flow runs again from the failed step, so a fix made since counts
  const rerun = async () => {
    if (run.busy) return;
    if (!(await beforeRun())) return setProblem(t("agents.run.saveFirst"));
    setProblem(null);
    await run.rerun();
  };
  const rerunButton = run.finished?.error && run.messageId && !run.busy && (
    <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => void rerun()}>
      <RotateCcw />
      {t("agentRuns.rerunFailed")}
    </Button>
  );

  return (
    <Flex direction="column" h="full" minH="0" data-testid="test-run-panel">
      <HStack justify="space-between" px="3" py="2" borderBottomWidth="1px" gap="1">
        <Text fontWeight="semibold">{t("agents.run.title")}</Text>
        <HStack gap="1">
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={t("agents.run.newConversation")}
            title={t("agents.run.newConversation")}
            onClick={run.reset}
          >
            <MessageSquarePlus />
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label={t("common.close")} onClick={onClose}>
            <X />
          </IconButton>
        </HStack>
      </HStack>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setTab(e.value)}
        lazyMount
        unmountOnExit
        size="sm"
        colorPalette="teal"
        display="flex"
        flexDirection="column"
        flex="1"
        minH="0"
      >
        <Tabs.List px="2">
          <Tabs.Trigger value="chat">{t("agents.run.conversation")}</Tabs.Trigger>
          <Tabs.Trigger value="trace">
            {t("agents.run.trace")}
            {run.trace.length > 0 && (
              <Badge size="xs" colorPalette={run.trace.some((entry) => entry.error) ? "red" : "gray"}>
                {run.trace.length}
              </Badge>
            )}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="chat" display="flex" flexDirection="column" flex="1" minH="0" pt="0">
          <RunMessages messages={run.messages} busy={run.busy} agentName={agentName} />
          <Stack gap="2" px="3" pt="2" pb="1" borderTopWidth="1px">
            {run.activeNode && (
              <Text fontSize="xs" color="fg.muted" role="status">
                {t("agents.run.running", { name: nameOf(run.activeNode) })}
              </Text>
            )}
            {rerunButton}
            {problem && (
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Title>{problem}</Alert.Title>
              </Alert.Root>
            )}
            {run.awaiting ? (
              <FillUpForm
                inputs={run.awaiting.inputs}
                busy={run.busy}
                upload={uploadAgentInput(agentId)}
                onSubmit={(answers, shown) => void run.ask("", answers, shown)}
              />
            ) : (
              <>
                <RunInputs
                  inputs={inputs}
                  values={values}
                  missing={missing}
                  onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
                  upload={uploadAgentInput(agentId)}
                />
                <Composer
                  value={text}
                  onChange={setText}
                  onSend={() => void send()}
                  onStop={run.stop}
                  streaming={run.busy}
                  busy={run.busy}
                  stt={false}
                  allowEmpty={taskMode}
                />
              </>
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="trace" flex="1" minH="0" overflowY="auto" px="3">
          <TraceList entries={run.trace} nameOf={nameOf} />
          {run.finished && (
            <Box mt="3" fontSize="sm" color={run.finished.error ? "fg.error" : "fg.muted"} role="status">
              {run.finished.error
                ? runErrorText(t, run.finished.error)
                : t("agents.run.finished", { ms: formatNumber(run.finished.elapsed * 1000, 0) })}
            </Box>
          )}
          <Box mt="2">{rerunButton}</Box>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
};
