import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchRef } from 'react-zoom-pan-pinch';
import type { TMediaItem } from '@ss/protocol';
import { DialogCloseButton } from '../../components/ui/Dialog';

/** The viewer's gestures: zoom 0.67-5 with a 0.1 wheel step; swipe down > 100 px at scale <= 1.1 closes. */
export const VIEWER_MIN_SCALE = 0.67;
export const VIEWER_MAX_SCALE = 5;
export const VIEWER_WHEEL_STEP = 0.1;
export const SWIPE_CLOSE_PX = 100;
export const SWIPE_CLOSE_MAX_SCALE = 1.1;

/** Whether a vertical swipe should close the viewer (pure, so it is testable without a touch screen). */
export function shouldSwipeClose(deltaY: number, scale: number): boolean {
  return deltaY > SWIPE_CLOSE_PX && scale <= SWIPE_CLOSE_MAX_SCALE;
}

/** Neighbours of an index in a list of n items (for preloading), without the index itself. */
export function neighbours(index: number, n: number): number[] {
  return [index - 1, index + 1].filter((i) => i >= 0 && i < n);
}

export interface MediaViewerProps {
  items: readonly TMediaItem[];
  /** The item on screen; null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/**
 * Full-screen media viewer: close / previous / next buttons, Escape / Left / Right keys, swipe down to close,
 * pinch or wheel zoom and pan (react-zoom-pan-pinch), videos, captions and alt text. Neighbouring images are
 * preloaded so that flicking through evidence is instant.
 */
export function MediaViewer({ items, index, onIndexChange }: MediaViewerProps) {
  const open = index !== null && index >= 0 && index < items.length;
  const item = open ? items[index] : undefined;
  const scale = useRef(1);
  const touchStart = useRef<{ x: number; y: number; touches: number } | null>(null);
  const transform = useRef<ReactZoomPanPinchRef | null>(null);

  const go = (delta: number) => {
    if (index === null || items.length === 0) return;
    const next = index + delta;
    if (next >= 0 && next < items.length) onIndexChange(next);
  };

  // Preload the neighbours of the item on screen.
  useEffect(() => {
    if (index === null) return;
    for (const i of neighbours(index, items.length)) {
      const m = items[i];
      if (m && m.type !== 'video') {
        const img = new Image();
        img.src = m.url;
      }
    }
  }, [index, items]);

  // A new item starts unzoomed.
  useEffect(() => {
    scale.current = 1;
    transform.current?.resetTransform(0);
  }, [index]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  }

  function onTouchStart(e: TouchEvent) {
    const t = e.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY, touches: e.touches.length } : null;
  }
  function onTouchEnd(e: TouchEvent) {
    const start = touchStart.current;
    touchStart.current = null;
    const t = e.changedTouches[0];
    if (!start || !t || start.touches > 1) return;
    const dy = t.clientY - start.y;
    const dx = t.clientX - start.x;
    if (Math.abs(dy) > Math.abs(dx) && shouldSwipeClose(dy, scale.current)) onIndexChange(null);
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => !o && onIndexChange(null)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-black/95 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          className="fixed inset-0 z-[61] flex flex-col bg-black text-paper-50 focus:outline-none"
          onKeyDown={onKeyDown}
          aria-describedby="media-viewer-alt"
          data-testid="media-viewer"
        >
          <div className="flex items-start justify-between gap-2 px-safe pt-[max(0.5rem,env(safe-area-inset-top))]">
            <div className="min-w-0 py-2">
              <RadixDialog.Title className="font-display text-lg font-bold">{item?.caption ?? 'Evidence Photo'}</RadixDialog.Title>
              {items.length > 1 && index !== null ? (
                <p className="text-sm text-paper-300">
                  {index + 1} of {items.length}
                </p>
              ) : null}
            </div>
            <DialogCloseButton label="Close viewer" tone="overlay" />
          </div>

          <div className="relative min-h-0 flex-1" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            {item ? (
              item.type === 'video' ? (
                <div className="flex size-full items-center justify-center p-2">
                  <video key={item.url} src={item.url} controls playsInline className="max-h-full max-w-full" aria-label={item.alt}>
                    <track kind="captions" />
                  </video>
                </div>
              ) : (
                <TransformWrapper
                  key={item.url}
                  ref={transform}
                  minScale={VIEWER_MIN_SCALE}
                  maxScale={VIEWER_MAX_SCALE}
                  wheel={{ step: VIEWER_WHEEL_STEP }}
                  doubleClick={{ mode: 'toggle' }}
                  centerOnInit
                  onTransform={(_, s) => {
                    scale.current = s.scale;
                  }}
                >
                  <TransformComponent wrapperClass="!size-full" contentClass="!size-full flex items-center justify-center">
                    <img
                      src={item.url}
                      alt={item.alt}
                      draggable={false}
                      className="max-h-full max-w-full object-contain select-none"
                      data-testid="media-viewer-image"
                    />
                  </TransformComponent>
                </TransformWrapper>
              )
            ) : null}
            {index !== null && index > 0 ? (
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label="Previous image"
                className="absolute top-1/2 left-2 inline-flex min-h-12 min-w-12 -translate-y-1/2 items-center justify-center rounded-full bg-ink-800/80 hover:bg-ink-700"
              >
                <ChevronLeft aria-hidden className="size-7" />
              </button>
            ) : null}
            {index !== null && index < items.length - 1 ? (
              <button
                type="button"
                onClick={() => go(1)}
                aria-label="Next image"
                className="absolute top-1/2 right-2 inline-flex min-h-12 min-w-12 -translate-y-1/2 items-center justify-center rounded-full bg-ink-800/80 hover:bg-ink-700"
              >
                <ChevronRight aria-hidden className="size-7" />
              </button>
            ) : null}
          </div>

          <RadixDialog.Description
            id="media-viewer-alt"
            className="px-safe pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-sm text-paper-200"
          >
            {item?.alt ?? ''}
            <span className="sr-only"> Pinch or use the mouse wheel to zoom; swipe down or press Escape to close.</span>
          </RadixDialog.Description>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Viewer state for a gallery: which item is open. */
export function useMediaViewer() {
  return useState<number | null>(null);
}
