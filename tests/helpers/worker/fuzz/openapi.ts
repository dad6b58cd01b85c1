import { SELF } from "cloudflare:test";

// The part of JSON Schema that the valibot → OpenAPI conversion emits.
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema | Schema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema?: Schema };

type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

export type Operation = {
  method: string;
  // /api/v1/datasets/{datasetId}
  path: string;
  pathParams: string[];
  query: Record<string, { schema: Schema; required: boolean }>;
  body?: Schema;
};

export const loadOperations = async (): Promise<Operation[]> => {
  const spec = (await (await SELF.fetch("http://buddy.test/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, OperationObject>>;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
        query: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === "query")
            .map((parameter) => [parameter.name, { schema: parameter.schema ?? {}, required: !!parameter.required }]),
        ),
        body: operation.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
};

export const operationName = (operation: Pick<Operation, "method" | "path">) => `${operation.method} ${operation.path}`;
