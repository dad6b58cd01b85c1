import type { TestProject } from "vitest/node";
import { startTestSite } from "../helpers/servers/test-site";

declare module "vitest" {
  export interface ProvidedContext {
    testSiteUrl: string;
  }
}

// Real HTTP servers on 127.0.0.1 standing in for the outside world, shared by the worker tests.
export default async function setup(project: TestProject) {
  const site = await startTestSite();
  project.provide("testSiteUrl", site.url);
  return () => new Promise<void>((resolve) => site.server.close(() => resolve()));
}
