import { Alert, Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { FlaskConical, Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ComponentInputForm, componentInputForm, debugAgentComponent } from "../../../api/agent-runs";
import { FormField } from "../../../components/form-field";
import { errorMessage } from "../../../components/notify";

type Props = {
  agentId: string;
  componentId: string;
  // saves pending changes first (the server tests the saved component); false when that failed
  beforeRun: () => Promise<boolean>;
};

// "Testen": the saved component alone, on sample values for the variables it reads, and what it put out.
export const ComponentTest = ({ agentId, componentId, beforeRun }: Props) => {
  const { t } = useTranslation();
  const [form, setForm] = useState<ComponentInputForm | null>(null);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [outputs, setOutputs] = useState<Record<string, unknown> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const open = () =>
    attempt(async () => {
      if (!(await beforeRun())) setProblem(t("agentRuns.test.saveFirst"));
      setForm(await componentInputForm(agentId, componentId));
    });
  const run = () =>
    attempt(async () => {
      if (!(await beforeRun())) setProblem(t("agentRuns.test.saveFirst"));
      setOutputs(await debugAgentComponent(agentId, componentId, samples));
    });

  if (!form)
    return (
      <Button size="sm" variant="outline" alignSelf="flex-start" loading={busy} onClick={() => void open()}>
        <FlaskConical />
        {t("agentRuns.test.open")}
      </Button>
    );
  const { _ERROR: failure, ...shown } = outputs ?? {};
  return (
    <Stack gap="3" data-testid="component-test">
      <Text fontWeight="semibold">{t("agentRuns.test.title")}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t("agentRuns.test.hint")}
      </Text>
      {Object.keys(form).length === 0 && <Text fontSize="sm">{t("agentRuns.test.noInputs")}</Text>}
      {Object.keys(form).map((key) => (
        <FormField key={key} label={key}>
          <Input
            size="sm"
            fontFamily="mono"
            value={samples[key] ?? ""}
            onChange={(event) => setSamples((current) => ({ ...current, [key]: event.target.value }))}
          />
        </FormField>
      ))}
      <HStack>
        <Button size="sm" colorPalette="teal" loading={busy} onClick={() => void run()}>
          <Play />
          {t("agentRuns.test.run")}
        </Button>
      </HStack>
      {problem && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {typeof failure === "string" && (
        <Alert.Root status="error" size="sm" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t("agentRuns.test.failed", { error: failure })}</Alert.Title>
        </Alert.Root>
      )}
      {outputs && (
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium">
            {t("agentRuns.test.outputs")}
          </Text>
          <Box
            as="pre"
            m="0"
            p="2"
            rounded="md"
            bg="bg.muted"
            fontFamily="mono"
            fontSize="xs"
            whiteSpace="pre-wrap"
            wordBreak="break-word"
            maxH="60"
            overflowY="auto"
            tabIndex={0}
            data-testid="component-test-outputs"
          >
            {JSON.stringify(shown, null, 2)}
          </Box>
        </Stack>
      )}
    </Stack>
  );
};
