import { Box } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";
import { requireUser } from "../lib/require-user";

export const Route = createFileRoute("/document/$id")({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: () => (
    <Box minH="100vh" bg="app.bg">
      <ComingSoon titleKey="pages.documentViewer" />
    </Box>
  ),
});
