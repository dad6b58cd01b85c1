import { Box, Flex } from "@chakra-ui/react";
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppHeader } from "../features/layout/app-header";
import { requireUser } from "../lib/require-user";

export const Route = createFileRoute("/_app")({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: () => (
    <Flex direction="column" minH="100vh">
      <AppHeader />
      <Box as="main" flex="1">
        <Outlet />
      </Box>
    </Flex>
  ),
});
