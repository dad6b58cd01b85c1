declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    TEST_SITE_URL: string;
    SAMPLES_AVAILABLE: boolean;
    TEST_OPENAI_URL: string;
    TEST_OLLAMA_URL: string;
    TEST_CLOUD_API_URL: string;
    TEST_GOOGLE_PRIVATE_KEY: string;
    TEST_S3_URL: string;
    TEST_S3_ACCESS_KEY_ID: string;
    TEST_S3_SECRET_ACCESS_KEY: string;
    TEST_S3_BUCKET: string;
    TEST_SMTP_INBOX_URL: string;
    SMTP_PORT: string;
    TEST_TOOL_APIS_URL: string;
    TEST_MCP_SERVER_URL: string;
    // tests/worker/routes/fuzz.test.ts: another seed or more runs per operation (empty: the defaults)
    FUZZ_SEED: string;
    FUZZ_RUNS: string;
  }
}
