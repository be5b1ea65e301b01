import { Alert, Box } from '@mantine/core';
import { BI_MSG, type TBiEmbed } from '@prosa/shared/bi-reports';
import { IconAlertCircle } from '@tabler/icons-react';
import { type Embed, factories, models, service } from 'powerbi-client';
import { useEffect, useRef, useState } from 'react';

// Power BI "embed for your customers" with Microsoft's client: the report's embedUrl and an embed token
// (TokenType.Embed). A new token from a refresh is handed to the live report (setAccessToken), without a reload.

const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);

type EmbedErrorDetail = { message?: string; detailedMessage?: string; errorCode?: string };

export function PowerBiFrame(props: { embed: TBiEmbed; title: string; onExpired: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const report = useRef<Embed | null>(null);
  const [error, setError] = useState(false);
  const { embed_url: embedUrl, report_id: reportId, token } = props.embed;
  const onExpired = useRef(props.onExpired);
  onExpired.current = props.onExpired;
  // The token the live report holds: a refresh hands the new one over instead of embedding again.
  const latestToken = useRef(token);
  const heldToken = useRef<string | null>(null);
  latestToken.current = token;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    try {
      const embedded = powerbi.embed(element, {
        type: 'report',
        id: reportId,
        embedUrl,
        accessToken: latestToken.current ?? '',
        tokenType: models.TokenType.Embed,
        settings: { panes: { filters: { visible: false } }, localeSettings: { language: 'pt-BR' } },
      });
      embedded.iframe?.setAttribute('title', props.title);
      embedded.on('error', (event) => {
        const detail = (event as { detail?: EmbedErrorDetail }).detail;
        // The service says the token ended (a sleeping laptop, a clock skew): fetch a new one.
        if (detail?.message === 'TokenExpired' || detail?.errorCode === 'TokenExpired') onExpired.current();
        else setError(true);
      });
      report.current = embedded;
      heldToken.current = latestToken.current;
    } catch {
      setError(true);
    }
    return () => {
      report.current = null;
      powerbi.reset(element);
    };
  }, [embedUrl, reportId, props.title]);

  useEffect(() => {
    if (!token || token === heldToken.current || !report.current) return;
    heldToken.current = token;
    void report.current.setAccessToken(token).catch(() => setError(true));
  }, [token]);

  if (error) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} m="md">
        {BI_MSG.loadError}
      </Alert>
    );
  }
  return <Box ref={host} h="100%" data-testid="bi-embed" />;
}
