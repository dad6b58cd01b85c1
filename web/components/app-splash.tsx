import { Flex, Image, Text } from "@chakra-ui/react";
import { BRAND } from "../config";

// What index.html paints before the scripts run, kept while the first page's code and data arrive, so the
// screen is never blank in between.
export const AppSplash = () => (
  <Flex minH="100vh" align="center" justify="center" gap="3" bg="app.bg" aria-busy="true" data-testid="app-splash">
    <Image src="/logo.svg" alt="" boxSize="10" />
    <Text fontWeight="semibold" fontSize="xl">
      {BRAND.name}
    </Text>
  </Flex>
);
