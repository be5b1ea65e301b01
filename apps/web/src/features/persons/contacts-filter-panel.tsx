import { Card, Grid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FilterActions } from '../../components/filter-actions';
import { DateInputBr } from '../companies/date-input-br';
import { EMPTY_FILTERS, personQuery, type TPersonFilterValues } from './person-filters';

type Props = {
  initialValues: TPersonFilterValues;
  searching: boolean;
  onSearch: (values: TPersonFilterValues) => void;
};

/** Filters of the contacts list (spec 3 §2): a text term needs 3 characters, said here before calling. */
export function ContactsFilterPanel(props: Props) {
  const form = useForm<TPersonFilterValues>({
    mode: 'controlled',
    initialValues: props.initialValues,
    validate: (values) => {
      const check = personQuery(values, 1);
      return check.ok ? {} : check.errors;
    },
    onValuesChange: () => form.clearErrors(),
  });

  const clear = () => {
    form.setValues(EMPTY_FILTERS);
    form.clearErrors();
    props.onSearch(EMPTY_FILTERS);
  };

  return (
    <Card component="section" aria-label="Filtros de contatos">
      <form noValidate onSubmit={form.onSubmit(props.onSearch)}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput label="Nome" placeholder="Nome ou nome editado" {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="Nome editado"
              placeholder="Como o contato foi renomeado"
              {...form.getInputProps('editedName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput label="E-mail" placeholder="contato@exemplo.com.br" {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="CPF"
              placeholder="Somente números"
              inputMode="numeric"
              {...form.getInputProps('cpf')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="DDI"
              placeholder="Ex.: 55"
              inputMode="numeric"
              maxLength={5}
              {...form.getInputProps('phoneDdi')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="Telefone"
              placeholder="Ex.: 11987654321"
              inputMode="tel"
              {...form.getInputProps('phone')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput label="Tags" placeholder="Ex.: VIP" {...form.getInputProps('tags')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <DateInputBr
              label="Data inicial"
              clearable
              maxDate={new Date()}
              {...form.getInputProps('dateStart')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <DateInputBr label="Data final" clearable {...form.getInputProps('dateEnd')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <FilterActions searching={props.searching} onClear={clear} />
          </Grid.Col>
        </Grid>
      </form>
    </Card>
  );
}
