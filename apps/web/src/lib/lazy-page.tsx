import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { FullPageLoader } from '../components/full-page-loader';

const RELOADED_AT_KEY = 'prosa:chunk-reload-at';
// Within this time of the last reload a failing chunk is an error, so a broken build cannot loop.
const RELOAD_GUARD_MS = 30_000;

function lastReloadAt(): number {
  try {
    return Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  } catch {
    return Date.now();
  }
}

/**
 * A screen's chunk that no longer exists (the app was rebuilt while this tab was open) is found again
 * by reloading the page once: the new index.html names the new chunks.
 */
export async function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (Date.now() - lastReloadAt() < RELOAD_GUARD_MS) throw error;
    try {
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    } catch {
      throw error;
    }
    window.location.reload();
    // The loader stays on screen until the page reloads.
    return new Promise<T>(() => {});
  }
}

/**
 * A screen loaded with its own chunk on first visit, behind the full-page loader. Call it once per
 * screen at module level, so the chunk is fetched once and kept.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(() => loadOrReload(load).then((Component) => ({ default: Component })));
  function LazyPage() {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <Page />
      </Suspense>
    );
  }
  return LazyPage;
}

/**
 * A component loaded with its own chunk when first drawn (a dialog the screen opens later), behind `fallback`
 * while it loads. Call it once at module level.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode,
): ComponentType<P> {
  const Inner = lazy(() => loadOrReload(load).then((Component) => ({ default: Component })));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
