import { Button, Stack } from "@chakra-ui/react";
import { Send } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AgentInputFile, type BeginInputSpec, missingBeginInputs } from "../../../../worker/contract/agents";
import type { BeginInput } from "../forms/begin-fields";
import { RunInputs } from "./run-inputs";

type Props = {
  inputs: Record<string, BeginInputSpec>;
  busy: boolean;
  upload: (file: File) => Promise<AgentInputFile>;
  // answers: the values by field; shown: them as one line for the conversation
  onSubmit: (answers: Record<string, unknown>, shown: string) => void;
};

const shownValue = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

// The fields a UserFillUp asks for while the run waits; sending them resumes the run.
export const FillUpForm = ({ inputs, busy, upload, onSubmit }: Props) => {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const submit = () => {
    const lacking = missingBeginInputs(inputs, values);
    setMissing(lacking);
    if (lacking.length || busy) return;
    const filled = Object.entries(values).filter(([, value]) => value !== undefined && value !== "");
    const shown = filled.map(([key, value]) => `${inputs[key]?.name || key}: ${shownValue(value)}`).join("\n");
    onSubmit(values, shown);
  };
  return (
    // the form's own check marks what is missing, not the browser's
    <form noValidate data-testid="fill-up-form" onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack gap="2">
        <RunInputs
          inputs={inputs as Record<string, BeginInput>}
          values={values}
          missing={missing}
          onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          upload={upload}
        />
        <Button type="submit" size="sm" colorPalette="teal" alignSelf="end" loading={busy}>
          <Send /> {t("agents.fillUp.send")}
        </Button>
      </Stack>
    </form>
  );
};
