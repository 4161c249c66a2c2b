import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { TV_NAMESPACE, ZTvSnapshot, type TTvSnapshot, type TTvView, type TvClientToServerEvents, type TvServerToClientEvents } from '@ss/protocol';
import { ApiRequestError, api } from '../../lib/api';

export type TvState =
  | { kind: 'loading' }
  | { kind: 'error'; notFound: boolean; message: string }
  | { kind: 'ready'; view: TTvView; clockOffsetMs: number; live: boolean };

/**
 * The table screen's own read-only subscription (no login: the room code is the key). The first view comes over
 * REST, then the `/tv` namespace pushes a new view after every change; an older view never replaces a newer one.
 * Socket.IO reconnects by itself and sends the current view again on each connection.
 */
export function useTvView(joinCode: string): TvState {
  const [state, setState] = useState<TvState>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const apply = (snap: TTvSnapshot, live: boolean) => {
      if (cancelled) return;
      setState((prev) =>
        prev.kind === 'ready' && prev.view.gameId === snap.view.gameId && prev.view.version > snap.view.version
          ? { ...prev, live }
          : { kind: 'ready', view: snap.view, clockOffsetMs: snap.serverTime - Date.now(), live },
      );
    };
    api
      .get(`/api/tv/${encodeURIComponent(joinCode)}`, ZTvSnapshot, { token: null })
      .then((snap) => apply(snap, false))
      .catch((err: unknown) => {
        if (cancelled) return;
        const status = err instanceof ApiRequestError ? err.status : 0;
        setState({ kind: 'error', notFound: status === 404 || status === 400, message: 'Check the room code and try again.' });
      });

    const socket: Socket<TvServerToClientEvents, TvClientToServerEvents> = io(TV_NAMESPACE, { auth: { joinCode } });
    socket.on('tv:snapshot', (raw) => {
      const parsed = ZTvSnapshot.safeParse(raw);
      if (parsed.success) apply(parsed.data, true);
    });
    socket.on('disconnect', () => setState((prev) => (prev.kind === 'ready' ? { ...prev, live: false } : prev)));
    socket.on('tv:ended', () => {
      if (!cancelled) setState({ kind: 'error', notFound: true, message: 'The host deleted this game.' });
    });
    return () => {
      cancelled = true;
      socket.close();
    };
  }, [joinCode]);
  return state;
}
