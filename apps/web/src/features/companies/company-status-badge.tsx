import { Badge } from '@mantine/core';
import { formatDate } from '@prosa/shared/dates';

/** Ativa, or Inativa with the inactivation date (DD/MM/YYYY in the viewer's company timezone). */
export function CompanyStatusBadge(props: {
  statusId: number;
  inactiveSince: string | null;
  timezone: string;
}) {
  if (props.statusId === 1) {
    return (
      <Badge color="teal" variant="light">
        Ativa
      </Badge>
    );
  }
  return (
    <Badge color="red" variant="light">
      {props.inactiveSince ? `Inativa desde ${formatDate(props.inactiveSince, props.timezone)}` : 'Inativa'}
    </Badge>
  );
}
