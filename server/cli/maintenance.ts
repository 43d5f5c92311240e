/**
 * `npm run maintenance -- on|off`: switches maintenance mode for every server on this database.
 * It saves the `maintenance` setting through the settings registry (audited, refused when the
 * MAINTENANCE variable pins it); running servers see the table change within 2 seconds.
 */
import '../load-env';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { SettingsRegistry, type SettingsLog } from '../features/settings/settings-registry';
import { HttpError } from '../http/errors';

const mode = process.argv[2];
if (mode !== 'on' && mode !== 'off') {
  process.stderr.write('Usage: npm run maintenance -- on|off\n');
  process.exit(1);
}
const config = loadConfig();
const db = await openDatabase(config);
const say = (...args: unknown[]): void => {
  process.stderr.write(`${JSON.stringify(args)}\n`);
};
const log: SettingsLog = { warn: say, error: say };
let code = 0;
try {
  const settings = await SettingsRegistry.load(db, config.settingPins, log);
  await settings.save({ maintenance: mode === 'on' }, { actor: null, ip: null });
  process.stdout.write(`Maintenance mode is ${mode}. Running servers notice within 2 seconds.\n`);
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  process.stderr.write(`${error.message}\n`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
