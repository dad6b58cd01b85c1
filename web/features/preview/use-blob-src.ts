import { useCallback } from "react";

// A ref for <img> that points it at a blob: URL while it is mounted and revokes the URL afterwards,
// so the bytes can be freed (a ref with a cleanup, React 19).
export const useBlobSrc = (blob: Blob) =>
  useCallback(
    (element: HTMLImageElement | null) => {
      if (!element) return;
      const url = URL.createObjectURL(blob);
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
