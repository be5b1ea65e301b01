import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { TContractOutput } from '@prosa/shared/contract';
import { dayMonth, formatBRL } from './money';

type Cost = TContractOutput['cost'];

/** The computation behind the month's total: each user's position, range, days of use and prorated amount. */
export function ContractCostTable({ cost }: { cost: Cost }) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={4} fz="md">
          Usuários
        </Title>
        <Text size="sm" c="dimmed">
          Valor proporcional = valor da faixa × dias usados ÷ {cost.days_in_month} dias do mês.
        </Text>
        <Table.ScrollContainer minWidth={760} type="native">
          <Table withTableBorder verticalSpacing="xs" aria-label="Custo por usuário">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={80}>Posição</Table.Th>
                <Table.Th>Usuário</Table.Th>
                <Table.Th>Faixa</Table.Th>
                <Table.Th ta="right">Valor mensal</Table.Th>
                <Table.Th>Período</Table.Th>
                <Table.Th ta="right">Dias usados</Table.Th>
                <Table.Th ta="right">Valor proporcional</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cost.users.map((u) => (
                <Table.Tr key={u.user_id} c={u.position === null ? 'dimmed' : undefined}>
                  <Table.Td>{u.position ?? '—'}</Table.Td>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>
                    {u.rule ? (
                      `${u.rule.start_limit} a ${u.rule.end_limit}`
                    ) : u.no_rule ? (
                      <Badge color="orange" variant="light">
                        Sem faixa
                      </Badge>
                    ) : (
                      'Sem uso no mês'
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatBRL(u.value)}</Table.Td>
                  <Table.Td>{u.from ? `${dayMonth(u.from)} a ${dayMonth(u.to)}` : '—'}</Table.Td>
                  <Table.Td ta="right">{`${u.days_used}/${u.days_in_month}`}</Table.Td>
                  <Table.Td ta="right" fw={500}>
                    {formatBRL(u.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
              {cost.users.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center">
                      Nenhum usuário encontrado.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <Stack gap={6}>
        <Title order={4} fz="md">
          Números
        </Title>
        {cost.numbers.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum número cadastrado. Cada número de WhatsApp Enterprise da empresa entra no cálculo.
          </Text>
        ) : (
          <Table withTableBorder verticalSpacing="xs" aria-label="Custo por número">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Número</Table.Th>
                <Table.Th ta="right">Valor mensal</Table.Th>
                <Table.Th>Período</Table.Th>
                <Table.Th ta="right">Dias usados</Table.Th>
                <Table.Th ta="right">Valor proporcional</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cost.numbers.map((n) => (
                <Table.Tr key={n.number_id}>
                  <Table.Td>{n.label}</Table.Td>
                  <Table.Td ta="right">{formatBRL(n.value)}</Table.Td>
                  <Table.Td>{n.from ? `${dayMonth(n.from)} a ${dayMonth(n.to)}` : '—'}</Table.Td>
                  <Table.Td ta="right">{`${n.days_used}/${n.days_in_month}`}</Table.Td>
                  <Table.Td ta="right" fw={500}>
                    {formatBRL(n.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <Table withTableBorder maw={460} ml="auto" aria-label="Totais do mês">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Usuários cobrados</Table.Td>
            <Table.Td ta="right">{cost.billed_users}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Total de usuários</Table.Td>
            <Table.Td ta="right">{formatBRL(cost.users_total)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Total de números</Table.Td>
            <Table.Td ta="right">{formatBRL(cost.numbers_total)}</Table.Td>
          </Table.Tr>
          <Table.Tr bg="gray.0">
            <Table.Td fw={700}>Total do mês</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="contract-total">
              {formatBRL(cost.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
