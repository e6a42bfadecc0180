import type { HttpRoute } from '../http/http-route';

/** A route whose code is loaded on its first request, or earlier with `preload()` (when the owner configured it). */
export interface LazyRoute extends HttpRoute {
  preload(): Promise<HttpRoute>;
}

/**
 * A door most shops never use costs them nothing until it is called: its module and libraries load on the first
 * request `claims`, which then waits for them and is answered by the door itself, never a 404 while loading. `claims`
 * only decides when to load: it must take every path the door answers (it may take more; the door leaves those to the
 * next route). The door is built once; a failed load is tried again on the next request, the failed one gets a 500.
 */
export function lazyRoute(claims: (url: URL) => boolean, load: () => Promise<HttpRoute>): LazyRoute {
  let loaded: HttpRoute | undefined;
  let loading: Promise<HttpRoute> | undefined;
  const preload = (): Promise<HttpRoute> => {
    loading ??= load().then(
      (route) => (loaded = route),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const route: HttpRoute = (request, response, url, context) => {
    if (loaded) return loaded(request, response, url, context);
    if (!claims(url)) return false;
    return preload().then((door) => door(request, response, url, context));
  };
  return Object.assign(route, { preload });
}
