/** A problem with how evconf was called (flags, config file, environment): exit status 2, one line. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
