import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TCompanyDetail, ZCreateCompanyInput } from '@prosa/shared/company-admin';
import { zodValidate } from '../../lib/zod-form';
import { CompanyTrialSection } from '../onboarding/company-trial-section';
import { usePatchCompany, usePlans } from './api';
import { SaveBar } from './save-bar';

type Values = { name: string; domain: string; organization: string; plan_id: string | null };

const toInput = (v: Values) => ({
  name: v.name,
  domain: v.domain,
  organization: v.organization,
  plan_id: v.plan_id ? Number(v.plan_id) : undefined,
});

/** Dados: name, domain, organization and plan, with the same texts as the new company modal. */
export function CompanyDataTab({ company }: { company: TCompanyDetail }) {
  const plans = usePlans();
  const save = usePatchCompany(company.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: company.name,
      domain: company.domain,
      organization: company.organization,
      plan_id: company.plan_id ? String(company.plan_id) : null,
    },
    validate: zodValidate<Values>(ZCreateCompanyInput, toInput),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const { name, domain, organization, plan_id } = ZCreateCompanyInput.parse(toInput(v));
        save.mutate({ name, domain, organization, plan_id });
      })}
    >
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nome" withAsterisk maxLength={120} {...form.getInputProps('name')} />
          <TextInput label="Domínio" withAsterisk maxLength={120} {...form.getInputProps('domain')} />
          <TextInput
            label="Organização"
            withAsterisk
            maxLength={120}
            {...form.getInputProps('organization')}
          />
          <Select
            label="Plano"
            withAsterisk
            placeholder="Selecione"
            data={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            {...form.getInputProps('plan_id')}
          />
        </SimpleGrid>
        <SaveBar saving={save.isPending} />
        <CompanyTrialSection companyId={company.id} />
      </Stack>
    </form>
  );
}
