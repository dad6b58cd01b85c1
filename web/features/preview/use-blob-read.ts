import { useEffect, useState } from "react";

export type BlobRead<T> = { status: "pending" } | { status: "error"; error: unknown } | { status: "success"; data: T };

// Runs an async reader (decode, parse, convert) over a blob and re-runs it when the blob changes.
// read and dispose must be stable (module-level functions), or they would run on every render.
// dispose frees a result that is no longer shown (a PDF document's memory).
export const useBlobRead = <T>(
  blob: Blob,
  read: (blob: Blob) => Promise<T>,
  dispose?: (data: T) => void,
): BlobRead<T> => {
  const [state, setState] = useState<{ blob: Blob; result: BlobRead<T> }>({ blob, result: { status: "pending" } });
  useEffect(() => {
    let current = true;
    let result: { data: T } | undefined;
    read(blob).then(
      (data) => {
        result = { data };
        if (current) setState({ blob, result: { status: "success", data } });
        else dispose?.(data);
      },
      (error: unknown) => current && setState({ blob, result: { status: "error", error } }),
    );
    return () => {
      current = false;
      if (result) dispose?.(result.data);
    };
  }, [blob, read, dispose]);
  // a result of the previous blob is never shown for the new one
  return state.blob === blob ? state.result : { status: "pending" };
};
