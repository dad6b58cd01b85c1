import { useQueryClient } from "@tanstack/react-query";
import { isUploadable } from "../../../worker/contract/documents";
import { datasetKeys } from "../../api/datasets";
import { documentKeys, uploadFile } from "../../api/documents";
import { useUploadQueue } from "../../components/upload/use-upload-queue";

export const useFileQueue = (datasetId: string) => {
  const queryClient = useQueryClient();
  return useUploadQueue({
    upload: (file, _path, onProgress) => uploadFile(datasetId, file, onProgress),
    accepts: (file) => isUploadable(file.name),
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all(datasetId) }),
        queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
      ]),
  });
};
