import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { API_BASE } from "../../api/client";
import { CopyField } from "../../components/copy-field";
import { FormField } from "../../components/form-field";

export const API_DOCS_PATH = "/api/docs";
// the reference runs scripts, fetches the spec, sends test requests and offers downloads
const DOCS_SANDBOX =
  "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads";

// The interactive API reference (Scalar, served by the worker) beside the keys that call it.
export const ApiDocs = () => {
  const { t } = useTranslation();
  const baseUrl = `${window.location.origin}${API_BASE}`;
  return (
    <Stack as="section" gap="4" aria-labelledby="api-docs-heading">
      <Stack gap="1">
        <Heading as="h2" size="md" id="api-docs-heading">
          {t("share.apiDocs.title")}
        </Heading>
        <Text color="fg.muted">{t("share.apiDocs.description")}</Text>
      </Stack>
      <FormField label={t("share.apiDocs.baseUrl")}>
        <CopyField value={baseUrl} label={t("share.apiDocs.baseUrl")} />
      </FormField>
      <Box>
        <Button asChild variant="outline" colorPalette="teal">
          <a href={API_DOCS_PATH} target="_blank" rel="noreferrer noopener">
            <ExternalLink /> {t("share.apiDocs.open")}
          </a>
        </Button>
      </Box>
      <Box borderWidth="1px" rounded="md" overflow="hidden" h="70vh">
        <iframe
          src={API_DOCS_PATH}
          title={t("share.apiDocs.frameTitle")}
          sandbox={DOCS_SANDBOX}
          style={{ width: "100%", height: "100%", border: 0, display: "block" }}
        />
      </Box>
    </Stack>
  );
};
