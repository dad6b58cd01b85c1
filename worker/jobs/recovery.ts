import { sweepStuckWork } from "../services/ingestion/watchdog";
import { isolateStartedAt } from "../lib/isolate";
import { shardNames } from "../platform/d1-shards";
import { depsOnShard } from "./consumer";

let swept = false;

// Where one process runs everything (wrangler dev), work that was running when it last stopped is dead: the first
// request after a start sweeps for it at once instead of waiting for the stall time and the next cron.
export const recoverAfterStart = (env: Env, ctx: ExecutionContext) => {
  isolateStartedAt();
  if (swept || (env.LOCAL_STACK as string) !== "true") return;
  swept = true;
  for (const shard of shardNames(env))
    ctx.waitUntil(
      sweepStuckWork(depsOnShard(env, shard)).catch((error) => console.error("sweep after start failed", error)),
    );
};
