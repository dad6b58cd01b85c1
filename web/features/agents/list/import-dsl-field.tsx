import { Button, Field, HStack, Text } from "@chakra-ui/react";
import { FileJson } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Dsl } from "../../../../worker/contract/agents";
import { type DslFileProblem, readDslFile } from "../model/dsl-file";

type Props = { imported: string | undefined; onImported: (name: string, dsl: Dsl) => void };

// A flow exported from Buddy (or RAGFlow's graph export) as the starting point of a new agent.
export const ImportDslField = ({ imported, onImported }: Props) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<DslFileProblem | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const read = await readDslFile(file);
    if ("problem" in read) return setProblem(read.problem);
    setProblem(null);
    onImported(file.name, read.dsl);
  };

  return (
    <Field.Root invalid={problem !== null}>
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          <FileJson /> {t("agents.import.button")}
        </Button>
        {imported && problem === null && (
          <Text fontSize="sm" color="fg.muted" data-testid="imported-file">
            {t("agents.import.loaded", { name: imported })}
          </Text>
        )}
      </HStack>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-dsl-input"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {problem && <Field.ErrorText>{t(problem)}</Field.ErrorText>}
    </Field.Root>
  );
};
