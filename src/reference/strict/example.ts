/** A request as the report shows it; credentials redacted (ARCHITECTURE.md, principle 5, src/redact/secrets.ts). */
export interface ExampleRequest {
  method: string;
  /** Path and query. */
  target: string;
  headers: Record<string, string>;
  /** Body entries: text (first 500 characters) or `<file NAME, TYPE, N bytes>`. */
  body?: [string, string][];
}
