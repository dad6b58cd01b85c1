import { Center, Image } from "@chakra-ui/react";
import { useMemo } from "react";
import { extensionOf, IMAGE_TYPES } from "./file-kind";
import { useBlobSrc } from "./use-blob-src";

// Images, SVG included, go through <img>: an SVG shown that way cannot run scripts or load anything.
export const ImageViewer = ({ blob, name }: { blob: Blob; name: string }) => {
  const typed = useMemo(() => new Blob([blob], { type: IMAGE_TYPES[extensionOf(name)] ?? blob.type }), [blob, name]);
  return (
    <Center p="4" borderWidth="1px" rounded="md" bg="app.surface" minH="40">
      <Image
        ref={useBlobSrc(typed)}
        alt={name}
        maxW="full"
        maxH="80vh"
        objectFit="contain"
        data-testid="image-preview"
      />
    </Center>
  );
};
