import type { TestProject } from "vitest/node";
import { startCloudApiServer, startOllamaServer, startOpenAiServer } from "../helpers/servers/model-servers";
import { startTestSite } from "../helpers/servers/test-site";

declare module "vitest" {
  export interface ProvidedContext {
    testSiteUrl: string;
    openAiUrl: string;
    ollamaUrl: string;
    cloudApiUrl: string;
    googlePrivateKey: string;
  }
}

// Real HTTP servers on 127.0.0.1 standing in for the outside world, shared by the worker tests.
export default async function setup(project: TestProject) {
  const [site, openAi, ollama, cloud] = await Promise.all([startTestSite(), startOpenAiServer(), startOllamaServer(), startCloudApiServer()]);
  project.provide("testSiteUrl", site.url);
  project.provide("openAiUrl", openAi.url);
  project.provide("ollamaUrl", ollama.url);
  project.provide("cloudApiUrl", cloud.url);
  project.provide("googlePrivateKey", cloud.googlePrivateKey);
  return () => Promise.all([site, openAi, ollama, cloud].map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))));
}
