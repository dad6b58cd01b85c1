import { Separator, Stack } from "@chakra-ui/react";
import { ApiDocs } from "./api-docs";
import { ApiKeys } from "./api-keys";

// /user-setting/api: the API keys, then the API reference.
export const ApiSettings = () => (
  <Stack gap="8">
    <ApiKeys />
    <Separator />
    <ApiDocs />
  </Stack>
);
