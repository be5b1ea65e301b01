import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAILING_NOTE } from '@prosa/shared/negotiator';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { NEGOTIATOR_PATH, useNegotiator, useNegotiatorOptions, useSaveNegotiator } from './api';
import { ColumnsSection } from './columns-section';
import {
  EMPTY_VALUES,
  guessColumns,
  inputOf,
  type TNegotiatorFormValues,
  validateNegotiator,
  valuesOf,
} from './form-values';
import { HotsiteImages } from './hotsite-images';
import { SlipSection } from './slip-section';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const STATUS_FIELDS = [
  ['validate_document', 'Validar documento'],
  ['emitted_invoice', 'Boleto emitido'],
  ['not_emitted_invoice', 'Boleto não emitido'],
] as const;

/** main.create-negotiator: a new negotiator (/new) or an existing one (/:id). */
export function NegotiatorFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const negotiator = useNegotiator(id);
  const keep = negotiator.data?.mailing_id ?? null;
  const options = useNegotiatorOptions(keep, id === null || negotiator.isSuccess);
  const save = useSaveNegotiator();
  const [problem, setProblem] = useState<string | null>(null);
  // Whether the chosen link has WhatsApp numbers (then one is required), read by the form's validation.
  const linkHasNumbers = useRef(false);
  const form = useForm<TNegotiatorFormValues>({
    initialValues: EMPTY_VALUES,
    validate: (values) => validateNegotiator(values, linkHasNumbers.current),
    // The message box speaks of the last save; editing again clears it.
    onValuesChange: () => setProblem(null),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the saved negotiator once it arrives.
  useEffect(() => {
    if (negotiator.data) {
      form.setValues(valuesOf(negotiator.data));
      form.resetDirty(valuesOf(negotiator.data));
    }
  }, [negotiator.data]);

  if (params.id && id === null) return <Alert color="red">Negociador não encontrado.</Alert>;
  if (id !== null && negotiator.isPending) return <Loader m="xl" aria-label="Carregando" />;
  if (id !== null && negotiator.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="Negociador não encontrado.">
        {errorMessage(negotiator.error, 'Tente novamente em instantes.')}
      </Alert>
    );

  const o = options.data;
  const v = form.values;
  const mailing = o?.mailings.find((m) => String(m.id) === v.mailing_id) ?? null;
  const link = o?.multichannels.find((l) => String(l.id) === v.multichannel_id) ?? null;
  const numbers = link?.whatsapp ?? [];
  const enterprise = o?.whatsapp_channels ?? [];
  const showWhatsapp = numbers.length > 0 || enterprise.length > 0;
  linkHasNumbers.current = numbers.length > 0;
  const statusData = (o?.statuses ?? []).map((s) => ({ value: String(s.id), label: s.name }));

  const chooseMailing = (value: string | null) => {
    form.setFieldValue('mailing_id', value);
    const header = o?.mailings.find((m) => String(m.id) === value)?.fields ?? [];
    form.setFieldValue('fields', {
      ...v.fields,
      ...guessColumns(header),
      offers: v.fields.offers.map((offer) => ({ ...offer, amount: null, installments: null })),
    });
    form.clearFieldError('fields.document');
    form.clearFieldError('fields.debt_amount');
  };
  const chooseLink = (value: string | null) => {
    form.setFieldValue('multichannel_id', value);
    const nums = o?.multichannels.find((l) => String(l.id) === value)?.whatsapp ?? [];
    form.setFieldValue(
      'whatsapp_channel_id',
      nums.length === 1 && nums[0] ? String(nums[0].channel_id) : null,
    );
  };

  const submit = form.onSubmit(
    (values) => {
      setProblem(null);
      save.mutate(
        { id, body: inputOf(values) },
        {
          onSuccess: () => navigate(NEGOTIATOR_PATH),
          onError: (error) => setProblem(errorMessage(error) ?? null),
        },
      );
    },
    (errors) => {
      const message = Object.values(errors)[0];
      setProblem(typeof message === 'string' ? message : null);
    },
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={id === null ? 'Novo negociador' : 'Editar negociador'}
        description="O mailing dos débitos, onde o robô atende, os status que ele aplica, as colunas lidas e o boleto."
        actions={
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate(NEGOTIATOR_PATH)}
          >
            Voltar
          </Button>
        }
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {problem ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {problem}
            </Alert>
          ) : null}
          {options.isError ? (
            <Alert color="red" icon={<IconAlertCircle />}>
              {errorMessage(options.error, 'Erro ao carregar os mailings, links e status.')}
            </Alert>
          ) : null}
          <Section title="Dados">
            <TextInput label="Nome" required maxLength={120} {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={4}>
                <Select
                  label="Mailing"
                  required
                  searchable
                  placeholder="Selecione o mailing"
                  nothingFoundMessage="Nenhum mailing ativo e dentro da validade"
                  data={(o?.mailings ?? []).map((m) => ({
                    value: String(m.id),
                    label: m.note ? `${m.title} (${MAILING_NOTE[m.note]})` : m.title,
                  }))}
                  {...form.getInputProps('mailing_id')}
                  onChange={chooseMailing}
                />
                {mailing?.note ? (
                  <Group>
                    <Badge color="orange" variant="light">
                      {MAILING_NOTE[mailing.note]}
                    </Badge>
                  </Group>
                ) : null}
              </Stack>
              <Select
                label="Link multicanal"
                required
                searchable
                placeholder="Selecione o link"
                nothingFoundMessage="Nenhum link multicanal"
                data={(o?.multichannels ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
                {...form.getInputProps('multichannel_id')}
                onChange={chooseLink}
              />
            </SimpleGrid>
            {showWhatsapp ? (
              <Select
                label="WhatsApp"
                required={numbers.length > 0}
                clearable={numbers.length === 0}
                placeholder="Selecione o número"
                description="Um número do link multicanal ou um canal WhatsApp Enterprise da empresa."
                data={[
                  {
                    group: 'Números do link',
                    items: numbers.map((n) => ({
                      value: String(n.channel_id),
                      label: `${n.name}${n.phone_number ? ` (${n.phone_number})` : ''}`,
                    })),
                  },
                  {
                    group: 'WhatsApp Enterprise',
                    items: enterprise.map((c) => ({
                      value: String(c.id),
                      label: `${c.name}${c.phone_number ? ` (${c.phone_number})` : ''}`,
                    })),
                  },
                ].filter((g) => g.items.length > 0)}
                {...form.getInputProps('whatsapp_channel_id')}
              />
            ) : null}
          </Section>
          <Section title="Status de controle">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {STATUS_FIELDS.map(([key, label]) => (
                <Select
                  key={key}
                  label={label}
                  required
                  searchable
                  placeholder="Selecione o status"
                  data={statusData}
                  {...form.getInputProps(`statuses.${key}`)}
                />
              ))}
            </SimpleGrid>
          </Section>
          <Section title="Colunas do mailing">
            <ColumnsSection form={form} header={mailing?.fields ?? []} />
          </Section>
          <Section title="Boleto">
            <SlipSection form={form} />
          </Section>
          <Section title="Hotsite">
            <HotsiteImages form={form} />
          </Section>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate(NEGOTIATOR_PATH)} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
