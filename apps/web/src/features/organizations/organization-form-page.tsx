import { Alert, Button, Card, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { maskCnpj, type TOrganization, ZOrganizationInput } from '@prosa/shared/organizations';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { useOrganization, useSaveOrganization } from './api';
import { typeCnpj } from './cnpj-mask';
import { OrganizationCompaniesField } from './organization-companies-field';

type Values = { name: string; cnpj: string; company_ids: string[] };
const toInput = (v: Values) => ({ name: v.name, cnpj: v.cnpj, company_ids: v.company_ids.map(Number) });

/** The organization form (spec 3 main.organizations-create, optional id): name, CNPJ with mask, companies. */
export function OrganizationFormPage() {
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const found = useOrganization(id);
  const title = id === null ? 'Nova organização' : 'Editar organização';

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={title} description="Nome, CNPJ e as empresas que pertencem à organização." />
      {id !== null && found.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : id !== null && found.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title="Não foi possível carregar a organização.">
          {errorMessage(found.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <OrganizationForm key={id ?? 'new'} id={id} organization={found.data ?? null} />
      )}
    </Stack>
  );
}

function OrganizationForm(props: { id: number | null; organization: TOrganization | null }) {
  const navigate = useNavigate();
  const save = useSaveOrganization();
  const o = props.organization;
  const form = useForm<Values>({
    initialValues: {
      name: o?.name ?? '',
      cnpj: o ? maskCnpj(o.cnpj) : '',
      company_ids: (o?.companies ?? []).map((c) => String(c.id)),
    },
    validate: zodValidate<Values>(ZOrganizationInput, toInput),
  });
  const back = () => navigate('/organizations');

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate({ ...toInput(v), ...(props.id !== null ? { id: props.id } : {}) }, { onSuccess: back }),
        )}
      >
        <Stack gap="md">
          <TextInput label="Nome" required maxLength={255} {...form.getInputProps('name')} />
          <TextInput
            label="CNPJ"
            required
            placeholder="00.000.000/0000-00"
            inputMode="numeric"
            maw={260}
            {...form.getInputProps('cnpj')}
            onChange={(e) => form.setFieldValue('cnpj', typeCnpj(e.currentTarget.value))}
          />
          <OrganizationCompaniesField
            value={form.values.company_ids}
            initial={o?.companies ?? []}
            onChange={(ids) => form.setFieldValue('company_ids', ids)}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={back} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
