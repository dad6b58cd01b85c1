import type { TestProject } from "vitest/node";
import { startCloudApiServer, startOllamaServer, startOpenAiServer } from "../helpers/servers/model-servers";
import { startS3Server } from "../helpers/servers/s3-server";
import { startSmtpServer } from "../helpers/servers/smtp-server";
import { SAMPLES_AVAILABLE, startTestSite } from "../helpers/servers/test-site";
import { startToolApis } from "../helpers/servers/tool-apis";
import { startMcpServer } from "../helpers/servers/mcp-server";

declare module "vitest" {
  export interface ProvidedContext {
    testSiteUrl: string;
    samplesAvailable: boolean;
    openAiUrl: string;
    ollamaUrl: string;
    cloudApiUrl: string;
    googlePrivateKey: string;
    s3Url: string;
    s3AccessKeyId: string;
    s3SecretAccessKey: string;
    s3Bucket: string;
    smtpPort: number;
    smtpInboxUrl: string;
    toolApisUrl: string;
    mcpServerUrl: string;
  }
}

// Real HTTP servers on 127.0.0.1 standing in for the outside world, shared by the worker tests.
export default async function setup(project: TestProject) {
  const [site, openAi, ollama, cloud, s3, smtp, tools, mcp] = await Promise.all([
    startTestSite(),
    startOpenAiServer(),
    startOllamaServer(),
    startCloudApiServer(),
    startS3Server(),
    startSmtpServer(),
    startToolApis(),
    startMcpServer(),
  ]);
  project.provide("testSiteUrl", site.url);
  project.provide("samplesAvailable", SAMPLES_AVAILABLE);
  project.provide("openAiUrl", openAi.url);
  project.provide("ollamaUrl", ollama.url);
  project.provide("cloudApiUrl", cloud.url);
  project.provide("googlePrivateKey", cloud.googlePrivateKey);
  project.provide("s3Url", s3.url);
  project.provide("s3AccessKeyId", s3.accessKeyId);
  project.provide("s3SecretAccessKey", s3.secretAccessKey);
  project.provide("s3Bucket", s3.bucket);
  project.provide("smtpPort", smtp.smtpPort);
  project.provide("smtpInboxUrl", smtp.inboxUrl);
  project.provide("toolApisUrl", tools.url);
  project.provide("mcpServerUrl", mcp.url);
  return () =>
    Promise.all([
      ...[site, openAi, ollama, cloud, s3, tools, mcp].map(
        ({ server }) => new Promise<void>((resolve) => server.close(() => resolve())),
      ),
      smtp.close(),
    ]);
}
