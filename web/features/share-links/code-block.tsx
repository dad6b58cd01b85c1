import { Box } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/copy-field";

// A snippet to copy: monospace, scrolls sideways when long, with its own copy button.
export const CodeBlock = ({ code, label }: { code: string; label: string }) => {
  const { t } = useTranslation();
  return (
    <Box position="relative" borderWidth="1px" rounded="md" bg="bg.muted">
      <Box
        as="pre"
        role="region"
        aria-label={label}
        tabIndex={0}
        m="0"
        p="3"
        pe="12"
        fontFamily="mono"
        fontSize="xs"
        lineHeight="tall"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        maxH="60"
        overflowY="auto"
        data-testid="code-block"
      >
        {code}
      </Box>
      <CopyButton
        value={code}
        label={t("share.embed.copyCode", { label })}
        variant="surface"
        position="absolute"
        top="1.5"
        insetEnd="1.5"
      />
    </Box>
  );
};
