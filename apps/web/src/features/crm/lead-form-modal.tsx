import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TCrmBoard, TCrmLead } from '@prosa/shared/crm';
import { CRM_MSG } from '@prosa/shared/crm-texts';
import { useEffect, useState } from 'react';
import { useCreateLead, useUpdateLead } from './api';

type Props = {
  opened: boolean;
  onClose: () => void;
  board: TCrmBoard | undefined;
  /** Editing this opportunity; absent, a new one. */
  lead?: TCrmLead | null;
  /** Created from the chat: linked to this attendance, its contact prefilled. */
  attendanceId?: number;
  contactName?: string;
  onSaved?: (lead: TCrmLead) => void;
  /** Above the chat's side modal when opened from the chat. */
  zIndex?: number;
};

type Values = {
  title: string;
  product: string;
  value: number | string;
  description: string;
  column: string | null;
  owner: string | null;
  contactName: string;
  phone: string;
  email: string;
};

function initial(lead: TCrmLead | null | undefined, contactName: string): Values {
  return {
    title: lead?.title ?? '',
    product: lead?.product ?? '',
    value: lead ? lead.value_cents / 100 : '',
    description: lead?.description ?? '',
    column: lead ? String(lead.column_id) : null,
    owner: lead?.owner_id ? String(lead.owner_id) : null,
    contactName: lead?.contact_name ?? contactName,
    phone: lead?.phone ?? '',
    email: lead?.email ?? '',
  };
}

/** New or edited opportunity: title, product, value (R$), status column, owner, contact data and description. */
export function LeadFormModal({
  opened,
  onClose,
  board,
  lead,
  attendanceId,
  contactName = '',
  onSaved,
  zIndex,
}: Props) {
  const [v, setV] = useState<Values>(() => initial(lead, contactName));
  const [titleError, setTitleError] = useState<string | null>(null);
  const create = useCreateLead();
  const update = useUpdateLead();
  useEffect(() => {
    if (opened) {
      setV(initial(lead, contactName));
      setTitleError(null);
    }
  }, [opened, lead, contactName]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((old) => ({ ...old, [key]: value }));
  const cents = typeof v.value === 'number' ? Math.round(v.value * 100) : 0;
  const layer = zIndex ? { zIndex: zIndex + 10 } : undefined;

  const submit = () => {
    if (!v.title.trim()) {
      setTitleError(CRM_MSG.titleRequired);
      return;
    }
    const common = {
      title: v.title,
      product: v.product,
      value_cents: cents,
      description: v.description,
      column_id: v.column ? Number(v.column) : undefined,
      contact_name: v.contactName,
      phone: v.phone,
      email: v.email,
    };
    const done = (res: { lead: TCrmLead }) => {
      onSaved?.(res.lead);
      onClose();
    };
    if (lead) update.mutate({ id: lead.id, patch: common }, { onSuccess: done });
    else
      create.mutate(
        { ...common, owner_id: v.owner ? Number(v.owner) : undefined, attendance_id: attendanceId },
        { onSuccess: done },
      );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={lead ? 'Editar oportunidade' : 'Nova oportunidade'}
      size="lg"
      zIndex={zIndex}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Título"
            required
            data-autofocus
            value={v.title}
            error={titleError}
            onChange={(e) => set('title', e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Produto"
              value={v.product}
              onChange={(e) => set('product', e.currentTarget.value)}
            />
            <NumberInput
              label="Valor"
              prefix="R$ "
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              fixedDecimalScale
              min={0}
              value={v.value}
              onChange={(value) => set('value', value)}
            />
            <Select
              label="Status"
              placeholder={board?.columns[0]?.name}
              data={(board?.columns ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={v.column}
              onChange={(value) => set('column', value)}
              comboboxProps={layer}
            />
            {lead ? null : (
              <Select
                label="Responsável"
                placeholder="Eu"
                clearable
                searchable
                data={(board?.owners ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
                value={v.owner}
                onChange={(value) => set('owner', value)}
                comboboxProps={layer}
              />
            )}
            <TextInput
              label="Contato"
              value={v.contactName}
              onChange={(e) => set('contactName', e.currentTarget.value)}
            />
            <TextInput
              label="Telefone"
              value={v.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
            />
            <TextInput label="E-mail" value={v.email} onChange={(e) => set('email', e.currentTarget.value)} />
          </SimpleGrid>
          <Textarea
            label="Descrição"
            autosize
            minRows={3}
            maxRows={8}
            value={v.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
