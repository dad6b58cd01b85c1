import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { CrawlRequestSchema } from "../../../worker/contract/documents";
import { useCrawlMutation } from "../../api/documents";
import { FormField } from "../../components/form-field";
import { notifyError, notifySuccess } from "../../components/notify";
import type { FieldErrors } from "../../lib/form-errors";

// Crawl rules have their own wording, so this form maps the schema's failures itself.
const crawlErrors = (values: Record<string, string>): FieldErrors | null => {
  const result = v.safeParse(CrawlRequestSchema, values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? "form";
    errors[field] ??=
      field === "name"
        ? "validation.required"
        : field === "url"
          ? "upload.urlRule"
          : field === "max_depth"
            ? "upload.depthRule"
            : "upload.pagesRule";
  }
  return errors;
};

export const WebCrawlTab = ({ datasetId, onDone }: { datasetId: string; onDone: () => void }) => {
  const { t } = useTranslation();
  const crawl = useCrawlMutation(datasetId);
  const [values, setValues] = useState({ name: "", url: "", max_depth: "0", max_pages: "1" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = crawlErrors(values);
    setErrors(found ?? {});
    if (found) return;
    const queued = await crawl
      .mutateAsync({
        name: values.name.trim(),
        url: values.url.trim(),
        maxDepth: Number(values.max_depth),
        maxPages: Number(values.max_pages),
      })
      .catch(notifyError);
    if (!queued) return;
    notifySuccess(t("upload.crawlQueued"));
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t("upload.webHint")}
        </Text>
        <FormField label={t("upload.webName")} error={errors.name} required>
          <Input name="crawlName" value={values.name} onChange={(e) => set("name")(e.target.value)} />
        </FormField>
        <FormField label={t("upload.webUrl")} error={errors.url} required>
          <Input
            name="crawlUrl"
            type="url"
            placeholder="https://"
            value={values.url}
            onChange={(e) => set("url")(e.target.value)}
          />
        </FormField>
        <HStack gap="4" align="start">
          <FormField label={t("upload.maxDepth")} error={errors.max_depth} required>
            <Input
              name="maxDepth"
              type="number"
              min={0}
              value={values.max_depth}
              onChange={(e) => set("max_depth")(e.target.value)}
            />
          </FormField>
          <FormField label={t("upload.maxPages")} error={errors.max_pages} required>
            <Input
              name="maxPages"
              type="number"
              min={1}
              value={values.max_pages}
              onChange={(e) => set("max_pages")(e.target.value)}
            />
          </FormField>
        </HStack>
        <Button type="submit" alignSelf="end" colorPalette="teal" loading={crawl.isPending}>
          {t("upload.tabWeb")}
        </Button>
      </Stack>
    </form>
  );
};
