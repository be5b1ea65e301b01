import { Button, Stack, Tabs } from '@mantine/core';
import type { TCampaign } from '@prosa/shared/campaigns';
import { IconList, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { CampaignForm } from './campaign-form';
import { CampaignList } from './campaign-list';

type Tab = 'list' | 'form';

/** Campaign main (spec 3 §2): the list tab and the create/edit tab; manager and above (the route gate). */
export function CampaignsPage() {
  const [tab, setTab] = useState<Tab>('list');
  const [editing, setEditing] = useState<TCampaign | null>(null);
  // A new key per opening, so the form starts from the chosen campaign's values.
  const [formKey, setFormKey] = useState(0);
  const open = (campaign: TCampaign | null) => {
    setEditing(campaign);
    setFormKey((k) => k + 1);
    setTab('form');
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Campanhas"
        description="Envios em massa por SMS, WhatsApp e WhatsApp Enterprise para um mailing ou para todos os inscritos (opt-in) de um canal."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
            Nova campanha
          </Button>
        }
      />
      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'list')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
            Campanhas
          </Tabs.Tab>
          <Tabs.Tab value="form" leftSection={editing ? <IconPencil size={16} /> : <IconPlus size={16} />}>
            {editing ? 'Editar campanha' : 'Nova campanha'}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <CampaignList onEdit={open} onNew={() => open(null)} />
        </Tabs.Panel>
        <Tabs.Panel value="form">
          <CampaignForm
            key={formKey}
            campaign={editing}
            onDone={() => {
              setEditing(null);
              setTab('list');
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
