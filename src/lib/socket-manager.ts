/**
 * Owns the socket.io connections, one per namespace of SPEC §7, all riding on the session cookie.
 * Sockets connect after sign-in and close at sign-out; socket.io reconnects by itself after a
 * drop. Components read a namespace's connection status with useSocketStatus.
 */
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { NAMESPACES, type NamespaceEvents, type NamespaceName } from '../contract/socket-events';

export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

export type TypedSocket<N extends NamespaceName> = Socket<
  NamespaceEvents[N]['server'],
  NamespaceEvents[N]['client']
>;

const sockets = new Map<NamespaceName, Socket>();
const statuses = new Map<NamespaceName, SocketStatus>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<NamespaceName, SocketStatus> = new Map();

function publish(namespace: NamespaceName, status: SocketStatus): void {
  statuses.set(namespace, status);
  snapshot = new Map(statuses);
  for (const listener of listeners) listener();
}

export function getSocket<N extends NamespaceName>(namespace: N): TypedSocket<N> {
  let socket = sockets.get(namespace);
  if (!socket) {
    socket = io(namespace, {
      autoConnect: false,
      withCredentials: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
    });
    socket.on('connect', () => publish(namespace, 'connected'));
    socket.on('disconnect', () => publish(namespace, 'disconnected'));
    socket.on('connect_error', () => publish(namespace, 'disconnected'));
    socket.io.on('reconnect_attempt', () => publish(namespace, 'connecting'));
    sockets.set(namespace, socket);
    publish(namespace, 'disconnected');
  }
  return socket as unknown as TypedSocket<N>;
}

export function connectAllSockets(): void {
  for (const namespace of Object.values(NAMESPACES)) {
    const socket = getSocket(namespace);
    if (!socket.connected) {
      publish(namespace, 'connecting');
      socket.connect();
    }
  }
}

export function disconnectAllSockets(): void {
  for (const [namespace, socket] of sockets) {
    socket.disconnect();
    publish(namespace, 'disconnected');
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSocketStatuses(): ReadonlyMap<NamespaceName, SocketStatus> {
  return useSyncExternalStore(subscribe, () => snapshot);
}

export function useSocketStatus(namespace: NamespaceName): SocketStatus {
  return useSyncExternalStore(subscribe, () => snapshot.get(namespace) ?? 'disconnected');
}
