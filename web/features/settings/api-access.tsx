import { Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { API_DOCS_PATH } from "./api-docs";
import { NewApiKey } from "./api-keys";

// The parts every "use it through the API" panel shares: a key made on the spot, and the examples' heading
// with the link to the reference.
export const ApiKeySection = ({ onCreated }: { onCreated: (key: string) => void }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {t("share.api.key")}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t("share.api.keyHint")}
      </Text>
      <NewApiKey onCreated={onCreated} />
    </Stack>
  );
};

export const ExamplesHeading = () => {
  const { t } = useTranslation();
  return (
    <HStack justify="space-between" wrap="wrap" gap="2">
      <Heading as="h3" size="sm">
        {t("share.api.examples")}
      </Heading>
      <Button asChild size="xs" variant="outline" colorPalette="teal">
        <a href={API_DOCS_PATH} target="_blank" rel="noreferrer noopener">
          <ExternalLink /> {t("share.api.reference")}
        </a>
      </Button>
    </HStack>
  );
};
