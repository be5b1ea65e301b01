/** What the auto change does with these values, in one sentence under the fields. */
export function autoChangeSummary(
  minutes: unknown,
  status: { name: string; should_close: number } | undefined,
): string {
  if (typeof minutes !== 'number' || minutes <= 0)
    return 'Desligada: nenhum atendimento muda de status sozinho.';
  if (!status) return 'Escolha o status: sem ele, nenhum atendimento muda.';
  const action =
    status.should_close === 1
      ? `são finalizados com o status “${status.name}”`
      : `recebem o status “${status.name}”`;
  return `Atendimentos sem resposta do cliente há ${minutes} min desde a última mensagem do operador ${action}.`;
}
