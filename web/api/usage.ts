import { queryOptions } from "@tanstack/react-query";
import type { Usage } from "../../worker/contract/usage";
import { requestData } from "./client";

export type { Usage };

export const usageKeys = { all: ["usage"] as const };

export const usageQueryOptions = () =>
  queryOptions({ queryKey: usageKeys.all, queryFn: () => requestData<Usage>("/usage") });
