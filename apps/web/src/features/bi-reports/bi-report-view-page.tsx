import { Alert, Box, Button, Group, Loader, Stack } from '@mantine/core';
import { BI_MSG } from '@prosa/shared/bi-reports';
import { IconAlertCircle, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useBiReportView } from './api';
import { BiEmbedPanel } from './bi-embed-panel';

/**
 * The BI viewer (spec 3 §2, §7): the definition's reports embedded one below the other, each refreshing its own
 * token; "Tela cheia" through the Fullscreen API; a report not shown to the user's company goes to the chat.
 */
export function BiReportViewPage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const view = useBiReportView(id);
  const area = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

  const forbidden = useCallback(() => {
    toast.error(BI_MSG.noPermission, { id: 'bi-forbidden' });
    navigate('/chat', { replace: true });
  }, [navigate]);

  const denied = view.error instanceof ApiError && (view.error.status === 401 || view.error.status === 403);
  useEffect(() => {
    if (denied) forbidden();
  }, [denied, forbidden]);

  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement === area.current && area.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void area.current?.requestFullscreen().catch(() => toast.error(BI_MSG.loadError));
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={view.data?.name ?? 'Relatório BI'}
        actions={
          view.data ? (
            <Button
              variant="default"
              leftSection={fullscreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
              onClick={toggleFullscreen}
            >
              {fullscreen ? 'Sair da tela cheia' : 'Tela cheia'}
            </Button>
          ) : null
        }
      />
      {view.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Carregando relatório" />
        </Group>
      ) : null}
      {view.isError && !denied ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BI_MSG.fetchError}>
          {errorMessage(view.error, BI_MSG.loadError)}
        </Alert>
      ) : null}
      {view.data ? (
        <Box
          ref={area}
          bg={fullscreen ? 'white' : undefined}
          p={fullscreen ? 'sm' : 0}
          style={{ overflow: 'auto' }}
        >
          <Stack gap="md">
            {view.data.embeds.map((embed, part) => (
              <BiEmbedPanel
                key={`${view.data.id}-${embed.report_id}`}
                reportId={view.data.id}
                part={part}
                title={view.data.embeds.length > 1 ? `${view.data.name} (${part + 1})` : view.data.name}
                initial={embed}
                fullscreen={fullscreen}
                onForbidden={forbidden}
              />
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
