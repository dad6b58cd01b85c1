import { AppError, RetCode } from "./errors";

// RAGFlow v0.27's answer to a bulk delete, parse or stop (api/apps/restful_apis/chat_api.py bulk_delete_chats,
// delete_sessions; chunk_api.py rm_chunk; agent_api.py delete_agent_session; api/utils/api_utils.py
// check_duplicate_ids): every valid id is processed and every other one is named in `errors`.
export type BulkReport = { success_count: number; errors?: string[] };

// Each id once, in the order given, and one error per id given more than once ("Duplicate chat ids: …").
export const splitDuplicates = (ids: readonly string[], kind: string) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return {
    unique: [...counts.keys()],
    duplicateErrors: [...counts].filter(([, count]) => count > 1).map(([id]) => `Duplicate ${kind} ids: ${id}`),
  };
};

export const bulkReport = (done: number, errors: readonly string[]): BulkReport =>
  errors.length > 0 ? { success_count: done, errors: [...errors] } : { success_count: done };

// A bulk request that failed after doing its valid part: RAGFlow's code and message, and what was done.
export const bulkError = (message: string, done: number, errors: readonly string[]) =>
  new AppError(RetCode.DATA_ERROR, message, 200, bulkReport(done, errors));

// Not one id is valid: the errors, joined as RAGFlow joins them, fail the request before anything is written.
export const refuseWhenNoneValid = (valid: number, errors: readonly string[]) => {
  if (valid === 0 && errors.length > 0) throw bulkError(errors.join("; "), 0, errors);
};

// "Partially deleted 3 chats with 1 errors" (RAGFlow's wording) when some ids failed.
export const bulkMessage = (report: { success_count?: number; errors?: string[] }, verb: string, noun: string) =>
  report.errors?.length
    ? `Partially ${verb} ${report.success_count ?? 0} ${noun} with ${report.errors.length} errors`
    : "success";
