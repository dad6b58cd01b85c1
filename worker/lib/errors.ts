// RAGFlow's RetCode values. Most errors travel with HTTP 200 and a non-zero `code`, because RAGFlow's clients
// read the code, not the status (docs/decisions/004-ragflow-envelope.md).
export const RetCode = {
  SUCCESS: 0,
  // RAGFlow's NOT_EFFECTIVE: the request ran, its outcome says no (with data)
  NOT_EFFECTIVE: 10,
  EXCEPTION_ERROR: 100,
  ARGUMENT_ERROR: 101,
  DATA_ERROR: 102,
  OPERATING_ERROR: 103,
  CONNECTION_ERROR: 105,
  RUNNING: 106,
  PERMISSION_ERROR: 108,
  AUTHENTICATION_ERROR: 109,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
} as const;

export type RetCodeValue = (typeof RetCode)[keyof typeof RetCode];

export type HttpStatus = 200 | 401 | 403 | 404 | 413 | 429 | 500;

export class AppError extends Error {
  readonly code: RetCodeValue;
  readonly status: HttpStatus;
  // what a bulk request did before it failed ({success_count, errors}); most errors carry none
  readonly data?: unknown;

  constructor(code: RetCodeValue, message: string, status: HttpStatus = 200, data?: unknown) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

// RAGFlow's answer where its code raised (a Python exception's repr, code 100)
export const exceptionError = (message: string) => new AppError(RetCode.EXCEPTION_ERROR, message);
export const argumentError = (message: string) => new AppError(RetCode.ARGUMENT_ERROR, message);
export const dataError = (message: string) => new AppError(RetCode.DATA_ERROR, message);
export const operatingError = (message: string) => new AppError(RetCode.OPERATING_ERROR, message);
export const authenticationError = (message: string) => new AppError(RetCode.AUTHENTICATION_ERROR, message);

export const UNAUTHORIZED_MESSAGE = "<Unauthorized '401: Unauthorized'>";
export const unauthorized = () => new AppError(RetCode.UNAUTHORIZED, UNAUTHORIZED_MESSAGE, 401);

// A resource loaded by the browser itself (an image), which needs a real HTTP status.
export const notFoundError = (message: string) => new AppError(RetCode.NOT_FOUND, message, 404);

export const permissionError = (message: string) => new AppError(RetCode.PERMISSION_ERROR, message);

export const notTeamMember = () => new AppError(RetCode.FORBIDDEN, "You are not a member of this team.", 403);

export const payloadTooLarge = (message: string) => new AppError(RetCode.PAYLOAD_TOO_LARGE, message, 413);
