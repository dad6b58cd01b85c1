import { Box } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { agentQueryOptions } from "../../../api/agents";
import { PageLoader } from "../../../components/page-loader";
import { RouteErrorMessage } from "../../../components/route-error";
import { FlowEditor } from "./flow-editor";

// /flow/$id: the agent is loaded once; from then on the editor owns its flow (later refetches do not reset it, a
// restored version does).
export const AgentEditorPage = ({ id }: { id: string }) => {
  const query = useQuery({ ...agentQueryOptions(id), refetchOnWindowFocus: false });
  // a restored version replaces the whole flow: the editor starts afresh from the agent as it is now
  const [generation, setGeneration] = useState(0);
  if (query.isError) {
    return (
      <Box p="8" maxW="2xl" mx="auto">
        <RouteErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  if (!query.data) return <PageLoader />;
  return <FlowEditor key={`${id}:${generation}`} agent={query.data} onReload={() => setGeneration((n) => n + 1)} />;
};
