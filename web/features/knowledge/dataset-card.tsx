import { Card, HStack, IconButton, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Dataset } from "../../../worker/contract/datasets";
import { useDeleteDatasetsMutation } from "../../api/datasets";
import { LinkCard, LinkCardTitle } from "../../components/card-list";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { notifyError, notifySuccess } from "../../components/notify";
import { formatCount, formatDateTime } from "../../lib/format";
import { DatasetAvatar } from "./dataset-avatar";

export type DetailPath = "/knowledge/dataset" | "/dataset/dataset";

export const DatasetCard = ({ dataset, detailTo }: { dataset: Dataset; detailTo: DetailPath }) => {
  const { t } = useTranslation();
  const remove = useDeleteDatasetsMutation();
  return (
    <LinkCard
      testId="dataset-card"
      top={
        <HStack justify="space-between" align="start">
          <DatasetAvatar name={dataset.name} avatar={dataset.avatar} size="lg" />
          <ConfirmDialog
            title={t("kb.deleteTitle")}
            body={t("kb.deleteBody", { name: dataset.name })}
            onConfirm={() =>
              remove.mutateAsync([dataset.id]).then(() => notifySuccess(t("common.toast.deleted")), notifyError)
            }
            trigger={
              <IconButton
                variant="ghost"
                size="sm"
                aria-label={`${t("common.delete")}: ${dataset.name}`}
                position="relative"
                zIndex="1"
              >
                <Trash2 />
              </IconButton>
            }
          />
        </HStack>
      }
      link={
        <Link to={detailTo} search={{ id: dataset.id }}>
          <LinkCardTitle>{dataset.name}</LinkCardTitle>
        </Link>
      }
      description={dataset.description}
      footer={
        <Card.Footer justifyContent="space-between" fontSize="xs" color="fg.muted">
          <Text>
            {t("kb.documentCount", { count: dataset.document_count, formatted: formatCount(dataset.document_count) })}
          </Text>
          <Text>{t("kb.updated", { date: formatDateTime(dataset.update_time) })}</Text>
        </Card.Footer>
      }
    />
  );
};
