import { DateInput, type DateInputProps } from '@mantine/dates';
import { brDateToIso } from '@prosa/shared/dates';
import { IconCalendar } from '@tabler/icons-react';

const ARIA = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
};

/** A date typed or picked as DD/MM/YYYY; the value is 'YYYY-MM-DD' (or null). */
export function DateInputBr(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      placeholder="DD/MM/AAAA"
      locale="pt-br"
      dateParser={(value) => brDateToIso(value)}
      leftSection={<IconCalendar size={16} aria-hidden />}
      ariaLabels={ARIA}
      {...props}
    />
  );
}
