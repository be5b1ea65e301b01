import { Badge, Group, Skeleton, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatDate } from '@prosa/shared/dates';
import type { TPersonView } from '@prosa/shared/person';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { displayCpf, displayPhone, personTitle } from './person-format';
import { StartWhatsapp } from './start-whatsapp';

type Props = {
  rows: TPersonView[];
  loading: boolean;
  tz: string;
  onOpen: (row: TPersonView) => void;
};

const COLUMNS = ['Nome', 'CPF', 'E-mails', 'Telefones', 'Tags', 'Canais', 'Atualizado em', 'Ações'];

/** The contacts of one page (25): a click (or Enter) on a row opens the contact modal. */
export function ContactsTable({ rows, loading, tz, onOpen }: Props) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Contatos">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} style={c === 'Canais' ? { textAlign: 'center' } : undefined}>
                {c === 'Ações' ? <VisuallyHidden>{c}</VisuallyHidden> : c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? SKELETON_ROWS
            : rows.map((p) => {
                const title = personTitle(p);
                return (
                  <Table.Tr
                    key={p.id}
                    tabIndex={0}
                    style={{ cursor: 'pointer' }}
                    aria-label={`Abrir ${title.main}`}
                    onClick={() => onOpen(p)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onOpen(p);
                      }
                    }}
                  >
                    <Table.Td maw={240}>
                      <Text size="sm" fw={600} truncate>
                        {title.main}
                      </Text>
                      {title.sub ? (
                        <Text size="xs" c="dimmed" truncate>
                          {title.sub}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayCpf(p.cpf)}</Table.Td>
                    <Table.Td maw={240}>
                      <Lines items={p.emails} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {p.phones.length === 0 ? (
                        <Text c="dimmed">—</Text>
                      ) : (
                        <Stack gap={2}>
                          {p.phones.map((ph) => (
                            <Group key={ph.phone} gap={4} wrap="nowrap">
                              <Text size="sm">{displayPhone(ph.phone)}</Text>
                              {ph.is_whatsapp ? (
                                <Tooltip label="WhatsApp" withArrow>
                                  <IconBrandWhatsapp
                                    size={15}
                                    color="var(--mantine-color-teal-7)"
                                    aria-label="WhatsApp"
                                  />
                                </Tooltip>
                              ) : null}
                            </Group>
                          ))}
                        </Stack>
                      )}
                    </Table.Td>
                    <Table.Td maw={200}>
                      {p.tags.length === 0 ? (
                        <Text c="dimmed">—</Text>
                      ) : (
                        <Group gap={4}>
                          {p.tags.map((t) => (
                            <Badge key={t} variant="light" color="gray" tt="none" fw={500}>
                              {t}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td ta="center">{p.channel_count}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.updated_at, tz)}</Table.Td>
                    {/* Clicks in its modals bubble through the React tree: they must not open the row. */}
                    <Table.Td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                      <StartWhatsapp person={p} compact />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Lines({ items }: { items: string[] }) {
  if (items.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {items.map((e) => (
        <Text key={e} size="sm" truncate>
          {e}
        </Text>
      ))}
    </Stack>
  );
}

const SKELETON_ROWS = Array.from({ length: 5 }, (_, i) => (
  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
  <Table.Tr key={i} aria-hidden>
    {COLUMNS.map((c) => (
      <Table.Td key={c}>
        <Skeleton h={14} w="70%" />
      </Table.Td>
    ))}
  </Table.Tr>
));
