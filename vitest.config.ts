import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, defineProject } from "vitest/config";

const migrations = await readD1Migrations("./migrations");

// The worker tests run in workerd against real D1/R2/Queues; `bindings` add to the ones every worker test has, and
// `shards` are D1 databases beside `DB` (binding → local database id).
const workerProject = (
  name: string,
  include: string[],
  exclude: string[],
  bindings: Record<string, string> = {},
  shards: Record<string, string> = {},
) =>
  defineProject({
    plugins: [
      cloudflareTest(({ inject }) => ({
        remoteBindings: false,
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          ...(Object.keys(shards).length > 0 && {
            d1Databases: { DB: "00000000-0000-0000-0000-000000000000", ...shards },
          }),
          bindings: {
            TEST_MIGRATIONS: migrations,
            ALLOW_PRIVATE_FETCH: "true",
            ...bindings,
            AI_BACKEND: "fake",
            PROVIDER_SECRET: "vitest-provider-secret",
            TEST_SITE_URL: inject("testSiteUrl"),
            // whether ../shared/datasets/ingestion-samples exists: the corpus tests run only then
            SAMPLES_AVAILABLE: inject("samplesAvailable"),
            TEST_OPENAI_URL: inject("openAiUrl"),
            TEST_OLLAMA_URL: inject("ollamaUrl"),
            TEST_CLOUD_API_URL: inject("cloudApiUrl"),
            TEST_GOOGLE_PRIVATE_KEY: inject("googlePrivateKey"),
            TEST_S3_URL: inject("s3Url"),
            TEST_S3_ACCESS_KEY_ID: inject("s3AccessKeyId"),
            TEST_S3_SECRET_ACCESS_KEY: inject("s3SecretAccessKey"),
            TEST_S3_BUCKET: inject("s3Bucket"),
            // every invitation mail goes to the local SMTP server, with its login
            SMTP_HOST: "127.0.0.1",
            SMTP_PORT: String(inject("smtpPort")),
            SMTP_STARTTLS: "false",
            SMTP_USER: "buddy-mailer",
            SMTP_PASSWORD: "mail-secret",
            SMTP_FROM: "Buddy <no-reply@buddy.test>",
            TEST_SMTP_INBOX_URL: inject("smtpInboxUrl"),
            TEST_TOOL_APIS_URL: inject("toolApisUrl"),
            TEST_MCP_SERVER_URL: inject("mcpServerUrl"),
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      // a test that parses a document in workerd can take seconds while other files run beside it
      testTimeout: 15_000,
      setupFiles: ["tests/setup/apply-migrations.ts"],
      globalSetup: ["tests/setup/global-servers.ts"],
    },
  });

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; test files mostly wait on workerd start-up and D1 I/O, so
    // two in parallel finished a 26-file sample in 430 s instead of 756 s on the same loaded machine.
    maxWorkers: 2,
    projects: [
      workerProject("worker", ["tests/worker/**/*.test.ts"], ["tests/worker/budgets/**", "tests/worker/shards/**"]),
      // every D1 call counted (worker/platform/d1-meter.ts re-reads each raw() query for its row counts, so only here)
      workerProject("worker-budgets", ["tests/worker/budgets/**/*.test.ts"], [], { D1_METER: "on" }),
      // two teams on two D1 databases (docs/scaling.md)
      workerProject(
        "worker-shards",
        ["tests/worker/shards/**/*.test.ts"],
        [],
        { D1_SHARDS: "DB,DB_2" },
        {
          DB_2: "buddy-shard-2",
        },
      ),
      defineProject({
        test: {
          name: "web",
          include: ["tests/web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["tests/setup/web.ts"],
        },
      }),
    ],
  },
});
