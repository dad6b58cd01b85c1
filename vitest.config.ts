import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, defineProject } from "vitest/config";

const migrations = await readD1Migrations("./migrations");

export default defineConfig({
  test: {
    projects: [
      defineProject({
        plugins: [
          cloudflareTest(({ inject }) => ({
            remoteBindings: false,
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: migrations,
                ALLOW_PRIVATE_FETCH: "true",
                // every D1 call is counted (worker/platform/d1-meter.ts) for the budgets in tests/worker/budgets
                D1_METER: "on",
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
                FUZZ_SEED: process.env.FUZZ_SEED ?? "",
                FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          // a test that parses a document in workerd can take seconds while other files run beside it
          testTimeout: 15_000,
          setupFiles: ["tests/setup/apply-migrations.ts"],
          globalSetup: ["tests/setup/global-servers.ts"],
        },
      }),
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
