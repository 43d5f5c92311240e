/**
 * Runs the moderation state machine for the signed-in user: feeds it the online-users socket
 * and the router's location, carries out its effects (navigate, emit, clear, sign out), owns the
 * assigned-content store and asks for content every 3 s while moderating below max_content.
 * Mounted once around the authenticated layout, so the top bar, /moderation and /park share it.
 */
import { useRouter, useRouterState } from '@tanstack/react-router';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { CurrentUser } from '../../contract/auth';
import { channelOfPath } from '../../contract/channels';
import { NAMESPACES } from '../../contract/socket-events';
import { getSocket, useSocketStatus } from '../../lib/socket-manager';
import { useSignOut } from '../auth/api/use-sign-out';
import { fetchAssignedContent } from './api/moderation-calls';
import { ContentStore } from './content-store';
import { exitPictureInPicture, logFailure } from './log-failure';
import {
  isModerationPath,
  initialMachineState,
  transition,
  type Effect,
  type MachineEvent,
  type MachineState,
} from './moderation-machine';
import { DEFAULT_MAX_CONTENT } from './moderation-rules';

/** While an operator holds fewer items than their max, more are asked for every 3 s (SPEC §9). */
export const REQUEST_CONTENT_INTERVAL_MS = 3_000;

export interface ModerationSession {
  state: MachineState;
  store: ContentStore;
  user: CurrentUser;
  maxContent: number;
  /** The online-users socket is connected: moderation is available. */
  available: boolean;
  /** When this tab saw the user become parked; null while not parked. */
  parkedAt: Date | null;
  park: () => void;
  resume: () => void;
}

const SessionContext = createContext<ModerationSession | null>(null);

export function useModerationSession(): ModerationSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useModerationSession used outside ModerationSessionProvider');
  return session;
}

export function maxContentOf(user: Pick<CurrentUser, 'max_content'>): number {
  return user.max_content > 0 ? user.max_content : DEFAULT_MAX_CONTENT;
}

export function ModerationSessionProvider({
  user,
  children,
}: {
  user: CurrentUser;
  children: ReactNode;
}) {
  const router = useRouter();
  const signOut = useSignOut();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const status = useSocketStatus(NAMESPACES.onlineUsers);
  const maxContent = maxContentOf(user);

  const store = useMemo(
    () =>
      new ContentStore({
        fetchItems: fetchAssignedContent,
        unmap: (content, reason) =>
          getSocket(NAMESPACES.onlineUsers).emit('unmap-content', { content, reason }),
        onError: (error) => logFailure('content update failed', error),
      }),
    [],
  );

  const [state, setState] = useState<MachineState>(() => initialMachineState(pathname));
  const machine = useRef<MachineState>(state);
  const [parkedAt, setParkedAt] = useState<Date | null>(null);

  const runEffect = useCallback(
    (effect: Effect) => {
      const socket = getSocket(NAMESPACES.onlineUsers);
      switch (effect.type) {
        case 'navigate':
          void router.navigate({ to: effect.to });
          break;
        case 'emit_park':
          socket.emit('park-me');
          break;
        case 'emit_moderate':
          socket.emit('moderate-me', { user: { id: effect.userId } });
          break;
        case 'clear_content':
          store.reset();
          break;
        case 'exit_picture_in_picture':
          exitPictureInPicture();
          break;
        case 'sign_out':
          void signOut({ to: effect.to });
          break;
      }
    },
    [router, signOut, store],
  );

  const dispatch = useCallback(
    (event: MachineEvent) => {
      const before = machine.current;
      const step = transition(before, event);
      machine.current = step.state;
      setState(step.state);
      if (step.state.phase === 'parked' && before.phase !== 'parked') setParkedAt(new Date());
      if (step.state.phase !== 'parked' && before.phase === 'parked') setParkedAt(null);
      for (const effect of step.effects) runEffect(effect);
    },
    [runEffect],
  );

  useEffect(() => {
    dispatch({ type: 'user_loaded', userId: user.id });
  }, [dispatch, user.id]);

  useEffect(() => {
    dispatch({ type: 'route_changed', pathname });
  }, [dispatch, pathname]);

  useEffect(() => {
    const socket = getSocket(NAMESPACES.onlineUsers);
    const onConnect = () => {
      if (socket.id) dispatch({ type: 'socket_connected', socketId: socket.id });
    };
    const onDisconnect = () => dispatch({ type: 'socket_lost' });
    const onStatus = ({ moderatingSocket }: { moderatingSocket: string | null }) =>
      dispatch({ type: 'moderation_status', moderatingSocket });
    const onKick = () => dispatch({ type: 'kick' });
    const onPark = () => dispatch({ type: 'server_park' });
    const onReset = () => store.reset();
    const onSetContent = (refs: { id: number }[]) => {
      if (machine.current.phase !== 'moderating') {
        // Not ours to show: hand the items straight back to the queue.
        for (const content of refs) socket.emit('unmap-content', { content, reason: 'parked' });
        return;
      }
      void store.assign(refs);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('moderation-status', onStatus);
    socket.on('kick-me', onKick);
    socket.on('park-me', onPark);
    socket.on('reset-content', onReset);
    socket.on('set-content', onSetContent);
    if (socket.connected) onConnect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('moderation-status', onStatus);
      socket.off('kick-me', onKick);
      socket.off('park-me', onPark);
      socket.off('reset-content', onReset);
      socket.off('set-content', onSetContent);
    };
  }, [dispatch, store]);

  const requesting = state.phase === 'moderating' && isModerationPath(state.pathname);
  // A channel view asks for its channel's items only; /moderation for every channel's.
  const channel = requesting ? channelOfPath(state.pathname) : undefined;
  useEffect(() => {
    if (!requesting) return;
    const socket = getSocket(NAMESPACES.onlineUsers);
    const ask = () => {
      const count = maxContent - store.heldCount();
      if (count > 0 && socket.connected) {
        socket.emit('request-content', {
          user: { id: user.id },
          count,
          ...(channel ? { channel } : {}),
        });
      }
    };
    ask();
    const timer = window.setInterval(ask, REQUEST_CONTENT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [requesting, channel, maxContent, store, user.id]);

  // Leaving the page (tab closed, reload) while holding picture-in-picture.
  useEffect(() => () => exitPictureInPicture(), []);

  const park = useCallback(() => dispatch({ type: 'park' }), [dispatch]);
  const resume = useCallback(() => dispatch({ type: 'resume' }), [dispatch]);

  const value = useMemo<ModerationSession>(
    () => ({
      state,
      store,
      user,
      maxContent,
      available: status === 'connected',
      parkedAt,
      park,
      resume,
    }),
    [state, store, user, maxContent, status, parkedAt, park, resume],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
