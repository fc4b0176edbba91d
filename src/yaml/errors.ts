/** A problem in one of evconf's own input files, located at file:line:col (exit status 2). */
export class InputFileError extends Error {
  constructor(readonly file: string, readonly line: number, readonly col: number, readonly detail: string) {
    super(`${file}:${line}:${col}: ${detail}`);
    this.name = 'InputFileError';
  }
}
