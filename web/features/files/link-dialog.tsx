import { Checkbox, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FileEntry } from "../../../worker/contract/files";
import { allDatasetsQueryOptions } from "../../api/datasets";
import { useLinkFilesMutation } from "../../api/files";
import { FormDialog } from "../../components/form-dialog";
import { RouteErrorMessage } from "../../components/route-error";
import { notifyError, notifyErrorText, notifySuccess } from "../../components/notify";
import { useSelection } from "../../components/use-selection";

// Bases the files are all linked to already start checked; linking again leaves those links alone.
export const LinkDialog = ({ files, onClose }: { files: FileEntry[]; onClose: () => void }) => {
  const { t } = useTranslation();
  const datasets = useQuery(allDatasetsQueryOptions());
  const link = useLinkFilesMutation();
  const { selected: chosen, select: toggle } = useSelection();
  const [invalid, setInvalid] = useState(false);
  const linkedEverywhere = (id: string) =>
    files.length > 0 && files.every((file) => file.kbs_info.some((kb) => kb.kb_id === id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvalid(chosen.size === 0);
    if (chosen.size === 0) return;
    const result = await link
      .mutateAsync({ fileIds: files.map((file) => file.id), datasetIds: [...chosen] })
      .catch(notifyError);
    if (!result) return;
    notifySuccess(result.linked.length ? t("files.linked", { count: result.linked.length }) : t("files.linkedNothing"));
    if (result.skipped.length) notifyErrorText(t("files.skipped", { names: result.skipped.join(", ") }));
    onClose();
  };

  const list = datasets.data?.datasets ?? [];
  return (
    <FormDialog
      title={t("files.linkTitle")}
      onSubmit={submit}
      onClose={onClose}
      loading={link.isPending}
      submitLabel={t("files.linkSubmit")}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t("files.linkHint")}
        </Text>
        {datasets.isPending ? (
          <Skeleton h="20" />
        ) : datasets.isError ? (
          <RouteErrorMessage error={datasets.error} onRetry={() => void datasets.refetch()} />
        ) : list.length === 0 ? (
          <Text>{t("files.noDatasets")}</Text>
        ) : (
          <Stack gap="2" maxH="xs" overflowY="auto" data-testid="link-datasets">
            {list.map((dataset) => {
              const already = linkedEverywhere(dataset.id);
              return (
                <Checkbox.Root
                  key={dataset.id}
                  checked={already || chosen.has(dataset.id)}
                  disabled={already}
                  onCheckedChange={(e) => toggle([dataset.id], e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{dataset.name}</Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </Stack>
        )}
        {invalid && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {t("files.linkNone")}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
};
