import type { AppEvent, AppEventListener } from '../../../shared/contract/events';

/** Fans pushed events out to every subscriber: the window over IPC, browsers over `/api/events`, the tray. */
export class AppEventHub {
  private readonly listeners = new Set<AppEventListener>();

  subscribe(listener: AppEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: AppEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (a window being destroyed) must not stop the others from hearing the event.
      }
    }
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }
}
