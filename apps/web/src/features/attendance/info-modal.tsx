import { Badge, Divider, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { channelLabel } from '../../components/channel-icon';
import { ContactFieldsSection } from '../contact-fields/contact-fields-section';
import { MailingDataSection } from '../mailing/mailing-data-section';
import { cardDataRows, metricRows, type TInfoRow } from './card-info';

type Props = {
  card: TCard;
  opened: boolean;
  onClose: () => void;
  sectorName: string;
  statusName: string | undefined;
  tz: string;
};

function Rows({ rows }: { rows: TInfoRow[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
      {rows.map((row) => (
        <div key={row.label}>
          <Text component="dt" size="xs" c="dimmed">
            {row.label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
            {row.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Card data and metrics (spec 1 §3). */
export function InfoModal({ card, opened, onClose, sectorName, statusName, tz }: Props) {
  const attendance: TInfoRow[] = [
    { label: 'Contato', value: card.name },
    { label: 'Protocolo', value: card.protocol },
    { label: 'Canal', value: channelLabel(card.channel_kind) },
    { label: 'Setor', value: sectorName },
    { label: 'Responsável', value: card.operator_assigned_name ?? 'Sem responsável' },
    { label: 'Status', value: statusName ?? 'Sem status' },
  ];
  const data = cardDataRows(card.data);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Informações do atendimento"
      zIndex={300}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Rows rows={attendance} />
        {card.notes ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Anotações
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {card.notes}
            </Text>
          </Stack>
        ) : null}
        {data.length > 0 ? (
          <>
            <Divider />
            <Title order={4} fz="sm">
              Dados do contato
            </Title>
            <Rows rows={data} />
          </>
        ) : null}
        <ContactFieldsSection card={card} />
        <MailingDataSection attendanceId={card.id} />
        <Divider />
        <Title order={4} fz="sm">
          Métricas
        </Title>
        <Rows rows={metricRows(card, tz)} />
        {card.answered ? (
          <Badge variant="light" color="teal" w="fit-content">
            Respondido
          </Badge>
        ) : (
          <Badge variant="light" color="gray" w="fit-content">
            Ainda não respondido
          </Badge>
        )}
      </Stack>
    </Modal>
  );
}
