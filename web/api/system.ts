import { queryOptions } from "@tanstack/react-query";
import type { SystemConfig } from "../../worker/contract/envelope";
import { requestData } from "./client";

export const systemKeys = {
  all: ["system"] as const,
  config: () => [...systemKeys.all, "config"] as const,
};

export const systemConfigQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.config(),
    queryFn: () => requestData<SystemConfig>("/system/config"),
    staleTime: 5 * 60_000,
  });
