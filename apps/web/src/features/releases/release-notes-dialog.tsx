import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  RELEASE_KIND_LABEL,
  RELEASE_MSG,
  type TRelease,
  type TReleaseItemKind,
} from '@prosa/shared/releases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { releasesApi, type TReleasesData } from './api';
import { useReleases } from './use-releases';

const KIND_COLOR: Record<TReleaseItemKind, string> = { novo: 'teal', melhoria: 'blue', correção: 'orange' };

/** A release's day as the screens show dates (DD/MM/YYYY); a calendar day, so no timezone applies. */
function releaseDate(date: string) {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

function ReleaseItems({ release }: { release: TRelease }) {
  return (
    <List spacing="xs" listStyleType="none" aria-label={`Itens da versão ${release.version}`}>
      {release.items.map((item) => (
        <List.Item key={item.text}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Badge color={KIND_COLOR[item.kind]} variant="light" w={92} style={{ flexShrink: 0 }}>
              {RELEASE_KIND_LABEL[item.kind]}
            </Badge>
            <Text size="sm">{item.text}</Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The release notes panel: the current version's items and, opened from the header (`all`), the older versions
 * below. However it closes ("Entendi", X, Escape), the current version counts as seen, so it is shown once.
 */
export function ReleaseNotesDialog({ onClose, all = false }: { onClose: () => void; all?: boolean }) {
  const releases = useReleases();
  const queryClient = useQueryClient();
  const seen = useMutation({
    mutationFn: releasesApi.markSeen,
    onError: (error) => toast.apiError(error),
  });
  const data = releases.data;
  const [current, ...older] = data?.releases ?? [];

  const close = () => {
    if (data?.unseen) {
      seen.mutate(data.version);
      queryClient.setQueryData(queryKeys.releases, (old: TReleasesData | undefined) =>
        old ? { ...old, unseen: false } : old,
      );
    }
    onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={data ? `Novidades da versão ${data.version}` : RELEASE_MSG.panelTitle}
      size="lg"
      centered
    >
      {releases.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Carregando novidades" />
        </Group>
      ) : !current ? (
        <Alert color="red" variant="light">
          {RELEASE_MSG.loadError}
        </Alert>
      ) : (
        <Stack gap="md">
          <div>
            <Title order={4}>{current.title}</Title>
            <Text size="xs" c="dimmed">
              Versão {current.version} · {releaseDate(current.date)}
            </Text>
          </div>
          <ReleaseItems release={current} />
          {all && older.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600} c="dimmed">
                Versões anteriores
              </Text>
              {/* The older versions scroll on their own, so "Entendi" stays in view below them. */}
              <ScrollArea.Autosize mah="40vh" type="auto" offsetScrollbars>
                <Accordion variant="separated" chevronPosition="right">
                  {older.map((r) => (
                    <Accordion.Item key={r.version} value={r.version}>
                      <Accordion.Control>
                        <Group gap="xs" justify="space-between" wrap="nowrap" pr="xs">
                          <Text size="sm" fw={500}>
                            {r.title}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {r.version} · {releaseDate(r.date)}
                          </Text>
                        </Group>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <ReleaseItems release={r} />
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </ScrollArea.Autosize>
            </Stack>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button onClick={close}>{RELEASE_MSG.understood}</Button>
      </Group>
    </Modal>
  );
}
