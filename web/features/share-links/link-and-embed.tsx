import { Stack } from "@chakra-ui/react";
import { CopyField } from "../../components/copy-field";
import { FormField } from "../../components/form-field";
import { iframeCode } from "./embed-code";

// A share link's address and the iframe code that embeds it, both to copy (agents and search apps).
export const LinkAndEmbed = ({
  url,
  linkLabel,
  embedLabel,
}: {
  url: string;
  linkLabel: string;
  embedLabel: string;
}) => (
  <Stack gap="3">
    <FormField label={linkLabel}>
      <CopyField value={url} label={linkLabel} />
    </FormField>
    <FormField label={embedLabel}>
      <CopyField value={iframeCode(url)} label={embedLabel} />
    </FormField>
  </Stack>
);
