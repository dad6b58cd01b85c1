import { Box } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon";

// Public: shared chats authenticate with their share token, not a session.
export const Route = createFileRoute("/chat/share")({
  component: () => (
    <Box minH="100vh" bg="app.bg">
      <ComingSoon titleKey="pages.sharedChat" />
    </Box>
  ),
});
