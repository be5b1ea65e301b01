import { Box, Loader, Stack } from '@mantine/core';
import { BI_MSG, type TBiEmbed } from '@prosa/shared/bi-reports';
import { biRefreshDelay, biTokenExpired } from '@prosa/shared/bi-reports-refresh';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { fetchBiEmbed } from './api';

// Loaded only when a Power BI report is shown: the Metabase views do not download its client.
const PowerBiFrame = lazy(() => import('./powerbi-frame').then((m) => ({ default: m.PowerBiFrame })));

/** A failed refresh is tried again after this long (the embed shown keeps working until its token ends). */
const RETRY_MS = 60_000;

const EMBED_HEIGHT = 'calc(100vh - 220px)';

type Loaded = { embed: TBiEmbed; loadedAt: number };

/**
 * One embedded provider report with its own refresh (spec 3 §7, §9): fetched again 30 minutes after it loaded,
 * before its token ends, and at once when a tab that slept finds it expired or the provider says it expired.
 */
export function BiEmbedPanel(props: {
  reportId: number;
  part: number;
  title: string;
  initial: TBiEmbed;
  /** In full screen each report takes the whole screen's height. */
  fullscreen: boolean;
  onForbidden: () => void;
}) {
  const { reportId, part, onForbidden } = props;
  const [current, setCurrent] = useState<Loaded>(() => ({ embed: props.initial, loadedAt: Date.now() }));
  const [failed, setFailed] = useState(false);
  const refreshing = useRef(false);

  const refresh = useCallback(async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    try {
      const view = await fetchBiEmbed(reportId, part);
      const next = view.embeds[0];
      if (next) {
        setCurrent({ embed: next, loadedAt: Date.now() });
        setFailed(false);
      }
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) onForbidden();
      else {
        toast.error(BI_MSG.refreshError, { id: `bi-refresh-${reportId}-${part}` });
        setFailed(true);
      }
    } finally {
      refreshing.current = false;
    }
  }, [reportId, part, onForbidden]);

  const expiresAt = Date.parse(current.embed.expires_at);
  useEffect(() => {
    const delay = failed
      ? RETRY_MS
      : biRefreshDelay({ loadedAt: current.loadedAt, expiresAt, now: Date.now() });
    const timer = window.setTimeout(() => void refresh(), delay);
    // A tab in the background may have its timers held back: back in view, an expired token is renewed at once.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && biTokenExpired(expiresAt, Date.now())) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [current.loadedAt, expiresAt, failed, refresh]);

  const { embed } = current;
  return (
    <Box
      h={props.fullscreen ? 'calc(100vh - 24px)' : EMBED_HEIGHT}
      mih={420}
      style={{ borderRadius: 8, overflow: 'hidden' }}
      bg="white"
    >
      {embed.kind === 'metabase' ? (
        <iframe
          // A new signed URL is a new document: the frame reloads with the fresh token.
          key={embed.embed_url}
          src={embed.embed_url}
          title={props.title}
          data-testid="bi-embed"
          allowFullScreen
          style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        />
      ) : (
        <Suspense
          fallback={
            <Stack align="center" justify="center" h="100%">
              <Loader aria-label="Carregando relatório" />
            </Stack>
          }
        >
          <PowerBiFrame embed={embed} title={props.title} onExpired={refresh} />
        </Suspense>
      )}
    </Box>
  );
}
