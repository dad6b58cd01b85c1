import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type DatasetDocument, isUploadable } from "../../../worker/contract/documents";
import { datasetKeys } from "../../api/datasets";
import { documentKeys, uploadFile, useParseDocumentsMutation } from "../../api/documents";
import { notifyError, notifySuccess } from "../../components/notify";
import { useUploadQueue } from "../../components/upload/use-upload-queue";

// Uploads into a knowledge base; with `parseAfterUpload` the uploaded documents are queued for parsing right
// after (RAGFlow's web does the same: upload, then run), so nothing is left "not parsed" by accident.
export const useFileQueue = (datasetId: string, parseAfterUpload = false) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const parse = useParseDocumentsMutation(datasetId);
  return useUploadQueue<DatasetDocument[]>({
    upload: (file, _path, onProgress) => uploadFile(datasetId, file, onProgress),
    accepts: (file) => isUploadable(file.name),
    refusesEmpty: true,
    afterUpload: async (uploaded) => {
      if (!parseAfterUpload) return;
      const ids = uploaded.flat().map((doc) => doc.id);
      const queued = await parse.mutateAsync({ ids }).then(() => true, notifyError);
      if (queued) notifySuccess(t("upload.parseQueued", { count: ids.length }));
    },
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all(datasetId) }),
        queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
      ]),
  });
};
