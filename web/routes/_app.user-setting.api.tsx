import { createFileRoute } from "@tanstack/react-router";
import { tokensQueryOptions } from "../api/tokens";
import { ApiSettings } from "../features/settings/api-settings";

export const Route = createFileRoute("/_app/user-setting/api")({
  loader: ({ context }) => context.queryClient.ensureQueryData(tokensQueryOptions()),
  component: ApiSettings,
});
