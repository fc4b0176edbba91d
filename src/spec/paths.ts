import { fileURLToPath } from 'node:url';

/** The project root, found from this module's location (never from the cwd). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SPECS_DIR = fileURLToPath(new URL('../../specs/', import.meta.url));
export const SUITES_DIR = fileURLToPath(new URL('../../suites/', import.meta.url));
