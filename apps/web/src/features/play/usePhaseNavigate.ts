import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { pageCodeLoaded } from '../../lib/preload';

export type PhaseNavigate = (to: string, opts?: { replace?: boolean }) => void;

/**
 * Navigation for a change the server pushed (a new phase, the suspect vote's result). When the new screen's code is
 * already here, the screen is rendered and committed in the task that brought the push (flushSync), not as a
 * transition React time-slices between the socket's, the images' and the browser's other work: on a busy phone
 * that spread a 60-80 ms render over 150 ms and more before the heading could paint. Without the code, an ordinary
 * navigation keeps the current screen up until the code arrives (a flushed one would show the loading fallback).
 */
export function usePhaseNavigate(): PhaseNavigate {
  const navigate = useNavigate();
  return useCallback(
    (to, opts = {}) => {
      if (!pageCodeLoaded(new URL(to, window.location.origin).pathname)) {
        void navigate(to, opts);
        return;
      }
      // Callers are effects, inside React's commit, where a flush would wait anyway: a microtask still runs before
      // this task ends (and before the next frame).
      queueMicrotask(() => void navigate(to, { ...opts, flushSync: true }));
    },
    [navigate],
  );
}
