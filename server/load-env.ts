/**
 * Imported first by every entry point (the server and the command-line tools), so the variables
 * of `.env` in the working directory are in place before any module reads the environment.
 * Real environment variables win over the file (env-file.ts).
 */
import { applyEnvFile } from './env-file';

applyEnvFile('.env');
