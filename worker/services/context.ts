import type { Db } from "../db/client";
import type { AppConfig } from "../lib/config";
import type { AiRunner } from "../platform/providers/workers-ai";
import type { JobQueue } from "../platform/queue";
import type { BlobStore } from "../platform/storage";
import type { VectorIndex } from "../platform/vectors";

export type Deps = {
  db: Db;
  // the D1 binding `db` runs on, and the default shard's database with the routing table (worker/platform/d1-shards.ts)
  shard: string;
  directory: Db;
  config: AppConfig;
  storage: BlobStore;
  queue: JobQueue;
  vectors: VectorIndex;
  ai: AiRunner | null;
};

// The member roles of a team: owners and admins manage members and shared resources, members use them.
export type TeamRole = "owner" | "admin" | "normal";

export type Actor = {
  userId: string;
  // the team the request works in: the user's own by default, another one the user has joined on request
  tenantId: string;
  role: TeamRole;
  via: "session" | "api_key" | "job" | "share";
  sessionId: string | null;
};

export type ServiceContext = Deps & { actor: Actor };
