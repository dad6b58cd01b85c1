import { Alert, Input, List, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useImportQuestionsMutation } from "../../api/evaluation-sets";
import { FormDialog } from "../../components/form-dialog";
import { FormField } from "../../components/form-field";
import { notifyError } from "../../components/notify";
import type { ImportResult } from "./types";

type Props = { setId: string; onClose(): void };

// A CSV or JSONL file of questions: the dialog stays open with how many were added and which lines were not.
export const ImportDialog = ({ setId, onClose }: Props) => {
  const { t } = useTranslation();
  const importFile = useImportQuestionsMutation();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const submit = async () => {
    if (result) return onClose();
    setMissing(!file);
    if (!file) return;
    const imported = await importFile.mutateAsync({ setId, file }).catch(notifyError);
    if (imported) setResult(imported);
  };

  return (
    <FormDialog
      title={t("evalSets.import.title")}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={result ? t("common.close") : t("evalSets.import.submit")}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t("evalSets.import.hint")}
        </Text>
        <FormField
          label={t("evalSets.import.file")}
          required
          error={missing ? "evalSets.import.fileRequired" : undefined}
        >
          <Input
            type="file"
            name="file"
            accept=".csv,.jsonl,text/csv,application/jsonl"
            p="1"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
            }}
          />
        </FormField>
        {result && (
          <Alert.Root status={result.errors.length ? "warning" : "success"} data-testid="import-result">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t("evalSets.import.added", { count: result.added })}</Alert.Title>
              {result.errors.length > 0 && (
                <Alert.Description>
                  <Text fontWeight="medium" mt="1">
                    {t("evalSets.import.errors")}
                  </Text>
                  <List.Root ps="4" maxH="40" overflowY="auto">
                    {result.errors.map((error) => (
                      <List.Item key={`${error.line}-${error.message}`}>
                        {t("evalSets.import.line", { line: error.line, message: error.message })}
                      </List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </FormDialog>
  );
};
