import { useToastController, type ToastIntent } from '@fluentui/react-components';
import { Children, cloneElement, createElement, useCallback, type ReactElement, type ReactNode } from 'react';
import { ToastTime } from './ToastTime';

/** The window's one toaster (rendered by AppToaster); every toast goes through `useAppToast`. */
export const APP_TOASTER = 'app-toasts';

/**
 * What a toast is about. Each kind has one toast in the column: a newer toast of the same kind replaces the one
 * shown and, being the newest, takes the newest place (the top), so a busy till or a printer changing its mind never
 * piles toasts up and the column always reads newest first.
 * - `notice`: the answer to what the owner just did (saved, copied, sent to print…); never waits, never pushed out
 *   by the others.
 * - `print`: the latest print results (PrintToasts already sums up a busy second in one toast).
 * - `alert:<printer>`: the latest change a printer reported about itself (paper out, then paper back…).
 */
export type ToastKind = 'notice' | 'print' | `alert:${string}`;

export interface AppToastOptions {
  intent: ToastIntent;
  timeout: number;
}

interface LiveToast {
  kind: ToastKind;
  /** Order of arrival (or of the last replacement in place): the oldest goes first when room runs out. */
  order: number;
}

/** More than this many at once and the oldest that is no notice leaves (there is no queue to wait in). */
export const MAX_TOASTS = 3;

/** The toasts shown now, by Fluent's toast id; shared by every caller and the toaster that makes room. */
const live = new Map<string, LiveToast>();
let arrivals = 0;

const idOf = (kind: ToastKind): string | undefined => [...live].find(([, toast]) => toast.kind === kind)?.[0];

/**
 * Which toasts to take away so that at most `room` stay: the oldest first, a notice only when nothing else is left
 * to take (the owner's own answer is what they are looking at).
 */
export function toastsToDrop(room: number): string[] {
  const excess = live.size - Math.max(room, 0);
  if (excess <= 0) return [];
  const byAge = [...live].sort(([, a], [, b]) => a.order - b.order);
  const others = byAge.filter(([, toast]) => toast.kind !== 'notice');
  const notices = byAge.filter(([, toast]) => toast.kind === 'notice');
  return [...others, ...notices].slice(0, excess).map(([id]) => id);
}

export const liveToastCount = (): number => live.size;

/** The toast's own content with the time it happened under its words. */
function withTime(content: ReactElement, at: number): ReactElement {
  // Every toast is a Fluent <Toast> (title, body…), or a view that renders its children last in one: then the time.
  const { children } = content.props as { children?: ReactNode };
  return cloneElement(content, undefined, ...Children.toArray(children), createElement(ToastTime, { key: 'toast-time', at }));
}

/**
 * Shows a toast in the window's one place, newest on top, with the time it happened. One of the same kind still up
 * takes the new words where it is when it is the newest anyway, and otherwise leaves for the new one on top: the
 * column keeps the order things happened in.
 */
export function useAppToast(): (kind: ToastKind, content: ReactElement, options: AppToastOptions) => void {
  const { dispatchToast, updateToast, dismissToast } = useToastController(APP_TOASTER);
  return useCallback(
    (kind, content, { intent, timeout }) => {
      arrivals += 1;
      const shown = idOf(kind);
      const timed = withTime(content, Date.now());
      const replaced = shown === undefined ? undefined : live.get(shown);
      if (shown !== undefined && replaced) {
        // Already the newest: new words in the same place (Fluent restarts its timer and announces it again).
        if (Math.max(...[...live.values()].map((toast) => toast.order)) === replaced.order) {
          live.set(shown, { kind, order: arrivals });
          updateToast({ toastId: shown, content: timed, intent, timeout });
          return;
        }
        // Older news below newer ones: it leaves, and the new words take the top.
        live.delete(shown);
        dismissToast(shown);
      }
      const toastId = `${kind}#${arrivals}`;
      live.set(toastId, { kind, order: arrivals });
      for (const id of toastsToDrop(MAX_TOASTS)) {
        live.delete(id);
        dismissToast(id);
      }
      dispatchToast(timed, {
        toastId,
        intent,
        timeout,
        onStatusChange: (_event, { status }) => {
          if (status === 'dismissed' || status === 'unmounted') live.delete(toastId);
        },
      });
    },
    [dispatchToast, updateToast, dismissToast],
  );
}

/** Takes a toast away now (to make room while a dialog is open); it may come back as a newer toast of its kind. */
export function forgetToast(id: string): void {
  live.delete(id);
}
