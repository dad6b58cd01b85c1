import { createFileRoute } from "@tanstack/react-router";
import { tokensQueryOptions } from "../api/tokens";
import { ApiKeys } from "../features/settings/api-keys";

export const Route = createFileRoute("/_app/user-setting/api")({
  loader: ({ context }) => context.queryClient.ensureQueryData(tokensQueryOptions()),
  component: ApiKeys,
});
