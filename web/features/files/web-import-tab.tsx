import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { ImportWebSchema } from "../../../worker/contract/files";
import { useImportWebMutation } from "../../api/files";
import { FormField } from "../../components/form-field";
import { notifyError, notifyErrorText, notifySuccess } from "../../components/notify";
import type { FieldErrors } from "../../lib/form-errors";

const importErrors = (values: { url: string; max_depth: number; max_pages: number }): FieldErrors | null => {
  const result = v.safeParse(ImportWebSchema, values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? "url";
    errors[field] ??=
      field === "url" ? "upload.urlRule" : field === "max_depth" ? "upload.depthRule" : "upload.pagesRule";
  }
  return errors;
};

// Runs the crawl while the dialog waits, so skipped pages can be reported at once.
export const WebImportTab = ({ parentId, onDone }: { parentId: string | undefined; onDone: () => void }) => {
  const { t } = useTranslation();
  const importWeb = useImportWebMutation();
  const [values, setValues] = useState({ url: "", max_depth: "0", max_pages: "1" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { url: values.url.trim(), max_depth: Number(values.max_depth), max_pages: Number(values.max_pages) };
    const found = importErrors(input);
    setErrors(found ?? {});
    if (found) return;
    const result = await importWeb
      .mutateAsync({ url: input.url, parent_id: parentId, max_depth: input.max_depth, max_pages: input.max_pages })
      .catch(notifyError);
    if (!result) return;
    notifySuccess(t("files.web.imported", { count: result.files.filter((file) => file.type !== "folder").length }));
    if (result.skipped.length) notifyErrorText(result.skipped.slice(0, 5).join("; "));
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t("files.web.hint")}
        </Text>
        <FormField label={t("files.web.url")} error={errors.url} required>
          <Input
            name="importUrl"
            type="url"
            placeholder="https://"
            value={values.url}
            onChange={(e) => set("url")(e.target.value)}
          />
        </FormField>
        <HStack gap="4" align="start">
          <FormField label={t("files.web.maxDepth")} error={errors.max_depth} required>
            <Input
              name="importDepth"
              type="number"
              min={0}
              max={5}
              value={values.max_depth}
              onChange={(e) => set("max_depth")(e.target.value)}
            />
          </FormField>
          <FormField label={t("files.web.maxPages")} error={errors.max_pages} required>
            <Input
              name="importPages"
              type="number"
              min={1}
              max={200}
              value={values.max_pages}
              onChange={(e) => set("max_pages")(e.target.value)}
            />
          </FormField>
        </HStack>
        <Button type="submit" alignSelf="end" colorPalette="teal" loading={importWeb.isPending}>
          {t("files.web.start")}
        </Button>
      </Stack>
    </form>
  );
};
