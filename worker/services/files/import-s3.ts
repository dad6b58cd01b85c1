import type { ImportS3Input, ListS3Input, S3Listing } from "../../contract/files";
import { UPLOAD_FILE_MAX_BYTES } from "../../contract/limits";
import { argumentError, dataError } from "../../lib/errors";
import { checkOutboundUrl } from "../../lib/url-guard";
import { createS3Client, S3Error } from "../../platform/s3";
import type { ServiceContext } from "../context";
import { type StoredFile, storeFiles } from "./upload";

const LIST_PAGE = 200;

// The credentials serve this one request and are never stored.
const clientFor = (ctx: ServiceContext, input: ListS3Input | ImportS3Input) => {
  const check = checkOutboundUrl(input.endpoint, ctx.config.allowPrivateFetch);
  if (!check.ok) throw argumentError(check.reason);
  return createS3Client({
    endpoint: check.url.href,
    region: input.region,
    bucket: input.bucket,
    accessKeyId: input.access_key_id,
    secretAccessKey: input.secret_access_key,
  });
};

const readable = async <T>(work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof S3Error) throw dataError(error.message);
    throw error;
  }
};

// One level of the bucket under a prefix: its objects and its "folders" (common prefixes).
export const listS3Objects = async (ctx: ServiceContext, input: ListS3Input): Promise<S3Listing> => {
  const client = clientFor(ctx, input);
  const page = await readable(() => client.list(input.prefix, input.continuation_token, LIST_PAGE, { delimiter: "/" }));
  return {
    objects: page.objects
      .filter((object) => !object.key.endsWith("/"))
      .map((object) => ({ key: object.key, size: object.size, last_modified: object.lastModified })),
    folders: page.folders,
    next_token: page.nextToken,
  };
};

// Each chosen object becomes a file of the folder, named after the last part of its key.
export const importS3Objects = async (ctx: ServiceContext, input: ImportS3Input) => {
  const client = clientFor(ctx, input);
  const keys = [...new Set(input.keys)];
  const bad = keys.find((key) => key.endsWith("/"));
  if (bad) throw argumentError(`${bad} is a folder; pick the objects inside it.`);
  const stored: StoredFile[] = [];
  for (const key of keys) {
    const object = await readable(() => client.get(key, UPLOAD_FILE_MAX_BYTES));
    stored.push({
      name: key.split("/").at(-1) as string,
      bytes: object.body,
      contentType: object.contentType,
      sourceType: "s3",
      sourceUrl: `s3://${input.bucket}/${key}`,
    });
  }
  return storeFiles(ctx, input.parent_id, stored);
};
