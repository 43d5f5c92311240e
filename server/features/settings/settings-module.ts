import { NAMESPACES } from '../../../src/contract/socket-events';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import { typedNamespace } from '../../sockets/socket-server';
import { settingsRoutes } from './settings-routes';

/** The server-to-server event (through the Redis adapter): "the settings table changed". */
const SETTINGS_SAVED_EVENT = 'settings-saved';

/**
 * System settings: the /settings calls, and the push of a change.
 *
 * Every process tells its own /settings sockets when its registry saw rows change, whoever
 * changed them (a save here or on another process, `npm run maintenance`): 'settings-changed'
 * with the keys only, since any signed-in console holds that socket; the screen then reads
 * the values through the list call, which needs section_settings. Emitting locally on each
 * process (not broadcasting through the adapter) tells each console exactly once.
 *
 * With the Redis adapter a save is also announced to the other processes (serverSideEmit), so
 * they reload at once instead of at their next version check (settings-registry.ts).
 */
export function registerSettings(context: ServerContext): DomainLifecycle {
  const { http, io, settings, config, log } = context;
  const namespace = typedNamespace(io, NAMESPACES.settings);
  const crossProcess = Boolean(config.redisUrl);

  settingsRoutes(http, {
    settings,
    announce: () => {
      if (crossProcess) io.serverSideEmit(SETTINGS_SAVED_EVENT);
    },
  });
  if (crossProcess) {
    io.of('/').on(SETTINGS_SAVED_EVENT, () => {
      settings
        .refresh()
        .catch((error: unknown) => log.warn({ err: error }, 'reloading the settings failed'));
    });
  }
  const unsubscribe = settings.subscribe((keys) => {
    namespace.local.emit('settings-changed', { keys });
    if (keys.includes('maintenance') && settings.get('maintenance')) {
      namespace.local.emit('maintenance', { on: true });
    }
  });

  return {
    start() {
      settings.startWatching();
    },
    close() {
      settings.stopWatching();
      unsubscribe();
    },
  };
}
