/** `npm run maintenance -- on|off`: switches maintenance mode for every server on this database. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { putSetting } from '../features/settings/settings-repository';
import { MAINTENANCE_SETTING } from '../http/maintenance';

const mode = process.argv[2];
if (mode !== 'on' && mode !== 'off') {
  process.stderr.write('Usage: npm run maintenance -- on|off\n');
  process.exit(1);
}
const db = await openDatabase(loadConfig());
await putSetting(db, MAINTENANCE_SETTING, mode === 'on');
await db.close();
process.stdout.write(`Maintenance mode is ${mode}. Running servers notice within 2 seconds.\n`);
