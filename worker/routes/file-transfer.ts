import { UPLOAD_FILE_MAX_BYTES, UPLOAD_MAX_FILES } from "../contract/limits";
import { argumentError, payloadTooLarge } from "../lib/errors";

// Cloudflare accepts at most 100 MB per request; say so before reading the body.
const REQUEST_MAX_BYTES = Math.min(100 * 1024 * 1024, UPLOAD_FILE_MAX_BYTES * UPLOAD_MAX_FILES);

const tooLarge = () =>
  payloadTooLarge(`The total upload size is too large (${REQUEST_MAX_BYTES / 1024 / 1024} MB per request).`);

export const readForm = async (request: Request) => {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > REQUEST_MAX_BYTES) throw tooLarge();
  // a URL-encoded form carries no file (the upload services then answer "No file part!"), but it is how
  // RAGFlow's clients post a web page to crawl (`requests.post(data={name, url})`)
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/.test(request.headers.get("content-type") ?? ""))
    throw argumentError("No file part!");
  let received = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > REQUEST_MAX_BYTES) controller.error(new Error("upload too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    // the length is counted as the body arrives: a chunked upload carries no Content-Length to check up front
    return await new Response(counted ?? null, { headers: request.headers }).formData();
  } catch (error) {
    if (received > REQUEST_MAX_BYTES) throw tooLarge();
    // e.g. a part whose file name holds a NUL byte: the runtime refuses the headers of that part
    throw argumentError(`The upload could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
};

export const uploadedFiles = (form: FormData) =>
  form.getAll("file").filter((entry): entry is File => typeof entry !== "string");

// Uploaded files are served as attachments in a sandbox: an HTML or SVG upload opened from the API
// (e.g. with ?auth=) must not run script on this origin.
export const fileResponse = (file: { name: string; body: ReadableStream; size: number; contentType: string }) =>
  new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
