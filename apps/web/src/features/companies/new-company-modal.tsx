import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZCreateCompanyInput } from '@prosa/shared/company-admin';
import { zodValidate } from '../../lib/zod-form';
import { useCreateCompany, usePlans } from './api';

type Values = { name: string; domain: string; organization: string; plan_id: string | null };

const toInput = (v: Values) => ({
  name: v.name,
  domain: v.domain,
  organization: v.organization,
  plan_id: v.plan_id ? Number(v.plan_id) : undefined,
});

/** New company (spec 2 §5): name, domain, organization and plan, each with its required text. */
export function NewCompanyModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Nova empresa"
      centered
      closeOnClickOutside={false}
    >
      {props.opened ? <NewCompanyForm onClose={props.onClose} /> : null}
    </Modal>
  );
}

function NewCompanyForm({ onClose }: { onClose: () => void }) {
  const plans = usePlans();
  const create = useCreateCompany();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', domain: '', organization: '', plan_id: null },
    validate: zodValidate<Values>(ZCreateCompanyInput, toInput),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate(ZCreateCompanyInput.parse(toInput(values)), { onSuccess: onClose }),
      )}
    >
      <Stack gap="md">
        <TextInput label="Nome" withAsterisk maxLength={120} data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Domínio"
          withAsterisk
          placeholder="empresa.com.br"
          maxLength={120}
          {...form.getInputProps('domain')}
        />
        <TextInput
          label="Organização"
          withAsterisk
          placeholder="Razão social"
          maxLength={120}
          {...form.getInputProps('organization')}
        />
        <Select
          label="Plano"
          withAsterisk
          placeholder={plans.isPending ? 'Carregando…' : 'Selecione'}
          data={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          {...form.getInputProps('plan_id')}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar empresa
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
