// HTTP helpers the benchmarks share: API calls against a started local stack, dataset ingestion, waits.
export const stackApi = (baseUrl) => {
  const api = async (path, init = {}, token) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      ...init,
      headers: { ...init.headers, ...(token ? { Authorization: token } : {}) },
    });
    return { headers: response.headers, body: await response.json() };
  };
  const post = (path, body, token) =>
    api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }, token);
  const patch = (path, body, token) =>
    api(path, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }, token);

  // Models of a local OpenAI-compatible server in the provider's instance "main": [name, type or types] each;
  // `defaults` lists the types whose team default becomes that model. Answers the ids (name@OpenAI-API-Compatible).
  const addLocalModels = async (token, apiBase, apiKey, models, { defaults = [] } = {}) => {
    const provider = "OpenAI-API-Compatible";
    const json = { "Content-Type": "application/json" };
    await api("/providers", { method: "PUT", headers: json, body: JSON.stringify({ provider_name: provider }) }, token);
    const info = models.map(([model_name, type]) => ({ model_name, model_type: [type].flat() }));
    const instance = { instance_name: "main", api_key: apiKey, base_url: apiBase, model_info: info };
    const made = await post(`/providers/${provider}/instances`, instance, token);
    if (made.body.code !== 0)
      for (const { model_name, model_type } of info)
        for (const type of model_type)
          await post(`/providers/${provider}/instances/main/models`, { model_name, model_type: type }, token);
    for (const [name, type] of models)
      for (const each of [type].flat().filter((t) => defaults.includes(t)))
        await patch("/models/default", { model_type: each, model_id: `${name}@${provider}` }, token);
    return models.map(([name]) => `${name}@${provider}`);
  };

  const waitForDataset = async (token, datasetId, expected) => {
    for (;;) {
      const { body } = await api(`/datasets?id=${datasetId}&include_parsing_status=true`, {}, token);
      const ds = body.data[0];
      if (ds.done_count + ds.fail_count >= expected) return ds;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  // Synthetic corpora for latency at scale: abstracts repeated with a variant marker, one chunk each
  // (a custom `@@` delimiter makes every record its own chunk), 1,000 records per file.
  const ingestSynthetic = async (token, size, corpus) => {
    const dataset = (
      await post("/datasets", { name: `synthetic-${size}-${Date.now()}`, parser_config: { delimiter: "`@@`" } }, token)
    ).body.data;
    const started = Date.now();
    let files = 0;
    for (let start = 0; start < size; start += 1000) {
      const records = Array.from({ length: Math.min(1000, size - start) }, (_, i) => {
        const doc = corpus[(start + i) % corpus.length];
        return `${doc.title} (v${Math.floor((start + i) / corpus.length)}) ${doc.text.slice(0, 600)}`;
      });
      const form = new FormData();
      form.append("file", new Blob([records.join("@@")]), `part-${start}.txt`);
      const [doc] = (await api(`/datasets/${dataset.id}/documents`, { method: "POST", body: form }, token)).body.data;
      await post(`/datasets/${dataset.id}/chunks`, { document_ids: [doc.id] }, token);
      files++;
    }
    const settled = await waitForDataset(token, dataset.id, files);
    console.log(
      `  synthetic ${size}: ${settled.chunk_count} chunks in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { id: dataset.id, chunks: settled.chunk_count, ingestSeconds: (Date.now() - started) / 1000 };
  };

  const register = async () => {
    const registered = await post("/users", {
      email: `bench-${Date.now()}@buddy.test`,
      nickname: "Bench",
      password: "benchmark-password",
    });
    return registered.headers.get("Authorization");
  };

  return { api, post, patch, addLocalModels, waitForDataset, ingestSynthetic, register };
};
