/** JSON Schema validation of request and response shapes, per API version (ARCHITECTURE.md § Layers `schema/`). */
export { loadSchemaSets, shapesOf, DEFAULT_SPECS_DIR, type SchemaSets, type JsonSchema } from './load.js';
export { getValidator, createValidator, listShapes, type SchemaValidator } from './validator.js';
export { toViolations, type SchemaViolation } from './violations.js';
