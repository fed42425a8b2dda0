/** The one error type services throw; the error handler turns it into `{ message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, message);
