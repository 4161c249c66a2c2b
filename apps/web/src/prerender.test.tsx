// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { PRERENDERED_PATHS, render } from './prerender';
import { routes } from './router';

// A mismatch would make React throw the markup away and render again (and log an error a phone shows as a flash).
describe('prerendered pages', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  async function hydrateAt(path: string, address: string, beforeHydrate?: (container: HTMLElement) => void) {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // The landing page asks for the storylines once hydrated; the answer does not matter here.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<never>(() => {})));
    window.history.replaceState(null, '', address);
    const html = render(path);
    expect(html).toContain('id="main"');
    document.body.innerHTML = `<div id="root">${html}</div>`;
    const container = document.getElementById('root')!;
    const firstElement = container.querySelector('main');
    beforeHydrate?.(container);

    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const router = createBrowserRouter(routes);
    const root = await act(async () =>
      hydrateRoot(container, <App router={router} queryClient={new QueryClient()} />, { onRecoverableError }),
    );
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Adopted, not replaced: the element painted from the HTML is the one React now owns.
    expect(container.querySelector('main')).toBe(firstElement);
    return {
      container,
      dispose: async () => {
        await act(async () => root.unmount());
        router.dispose();
      },
    };
  }

  it.each(PRERENDERED_PATHS)('%s hydrates without a mismatch', async (path) => {
    const { dispose } = await hydrateAt(path, path);
    await dispose();
  });

  it('the join form from a share link adopts the markup, then shows the link’s room code', async () => {
    const { container, dispose } = await hydrateAt('/join', '/join?gameId=abc123');
    expect(container.querySelector<HTMLInputElement>('input[name="roomCode"]')?.value).toBe('ABC123');
    await dispose();
  });

  it('keeps what was typed into the prerendered join form before the app started', async () => {
    const input = (c: HTMLElement, name: string) => c.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    const { container, dispose } = await hydrateAt('/join', '/join', (c) => {
      input(c, 'displayName').value = 'Ada';
      input(c, 'roomCode').value = 'abc123';
    });
    expect(input(container, 'displayName').value).toBe('Ada');
    expect(input(container, 'roomCode').value).toBe('ABC123');
    // In state too: the form can be sent.
    expect(container.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(false);
    await dispose();
  });
});
