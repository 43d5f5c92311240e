import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { missingPermissions } from '../../src/contract/endpoint';
import type {
  ClientEvent,
  ClientEventAck,
  ClientEventPayload,
  EventRefusal,
} from '../../src/contract/socket-events';
import type { CurrentUser } from '../../src/contract/auth';
import { forbiddenMessage } from '../http/endpoint';
import { HttpError, validationFailure } from '../http/errors';
import type { SocketData } from './socket-server';

/**
 * Listens for one client event of the contract (src/contract/socket-events.ts). Before the
 * handler runs, the event's access is checked against the permissions the user holds now, and
 * its payload is parsed with the event's schema. A refused event (permission missing, payload
 * malformed, or a handler throwing an HttpError, e.g. for a payload naming another user) gets a
 * `refused` answer with a code and a log line; a handler that fails otherwise is logged. Nothing
 * a client sends can take the process down.
 */
export interface EventContext<E extends ClientEvent> {
  payload: ClientEventPayload<E>;
  /** The acknowledgement callback, when the event has one and the client passed it. */
  ack: ClientEventAck<E> | undefined;
  user: CurrentUser;
}

export function onEvent<E extends ClientEvent>(
  socket: Socket,
  event: E,
  log: FastifyBaseLogger,
  handler: (context: EventContext<E>) => Promise<void> | void,
): void {
  socket.on(event.name, (...args: unknown[]) => {
    const user = (socket.data as SocketData).user;
    const refuse = (refusal: Omit<EventRefusal, 'event'>) => {
      log.warn(
        { event: event.name, userId: user.id, code: refusal.code, reason: refusal.message },
        'socket event refused',
      );
      socket.emit('refused', { event: event.name, ...refusal });
    };

    const last = args.at(-1);
    const ack = event.ack && typeof last === 'function' ? args.pop() : undefined;
    const missing = missingPermissions(event.access, user.permissions);
    if (missing.length > 0) {
      refuse({ code: 'forbidden', message: forbiddenMessage(event.access, missing) });
      return;
    }

    let payload: unknown;
    if (event.payload) {
      const parsed = event.payload.safeParse(args[0]);
      if (!parsed.success) {
        const { code, message, fields } = validationFailure(parsed.error);
        refuse({ code, message, ...(fields ? { fields } : {}) });
        return;
      }
      payload = parsed.data;
    }

    const context = { payload, ack, user } as EventContext<E>;
    Promise.resolve()
      .then(() => handler(context))
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode < 500) {
          refuse({
            code: error.code,
            message: error.message,
            ...(error.fields ? { fields: error.fields } : {}),
          });
          return;
        }
        log.error({ err: error, event: event.name, userId: user.id }, 'socket event failed');
      });
  });
}
