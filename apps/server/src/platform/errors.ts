import { ERROR_CODE, MSG } from '@prosa/shared/messages';

// The one error type: code for the web's mapping, Portuguese message, HTTP status.
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    /** Extra fields for the web (e.g. the id of the record a conflict points to). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError(ERROR_CODE.notFound, message, 404);
export const forbidden = (message: string = MSG.forbidden) =>
  new AppError(ERROR_CODE.forbidden, message, 403);
export const unauthenticated = () => new AppError(ERROR_CODE.unauthenticated, MSG.unauthenticated, 401);
export const badRequest = (message: string) => new AppError(ERROR_CODE.validation, message, 400);
