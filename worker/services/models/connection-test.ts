import type { ConnectionTestInput } from "../../contract/models";
import { dataError } from "../../lib/errors";
import type { ServiceContext } from "../context";
import { addableProvider, testModel } from "./connection";

// POST /providers/{provider}/connection: one tiny real call per model of model_info (or the catalogue's first
// model), with the given settings; nothing is saved. The first failure answers in the provider's words.
export const testConnection = async (ctx: ServiceContext, providerName: string, input: ConnectionTestInput) => {
  const entry = addableProvider(providerName);
  const [firstName, firstType] = Object.entries(entry.models)[0] ?? [];
  const models =
    input.model_info?.flatMap((model) => model.model_type.map((type) => ({ name: model.model_name, type }))) ??
    (firstName && firstType ? [{ name: firstName, type: firstType }] : []);
  if (models.length === 0) throw dataError(`model_info is required: ${entry.name} serves any model name.`);
  const results = [];
  for (const model of models) {
    const detail = await testModel(ctx, entry, input, model.name, model.type);
    results.push({ model_name: model.name, model_type: model.type, detail });
  }
  return results;
};
