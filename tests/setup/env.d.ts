declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    TEST_SITE_URL: string;
    TEST_OPENAI_URL: string;
    TEST_OLLAMA_URL: string;
    TEST_CLOUD_API_URL: string;
    TEST_GOOGLE_PRIVATE_KEY: string;
  }
}
