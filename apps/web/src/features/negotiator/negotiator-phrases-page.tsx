import { Alert, Button, Card, Loader, Stack, Tabs } from '@mantine/core';
import { PHRASE_GROUP_LABEL, PHRASE_GROUPS, type TPhraseGroup } from '@prosa/shared/negotiator';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { NEGOTIATOR_PATH, useNegotiator, useNegotiatorPhrases } from './api';
import { PhrasesTab } from './phrases-tab';

/** main.phrase-negotiator: the negotiator's phrases, one tab per group (command processor, hotsite). */
export function NegotiatorPhrasesPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : 0;
  const negotiator = useNegotiator(id || null);
  const phrases = useNegotiatorPhrases(id);
  const [tab, setTab] = useState<TPhraseGroup>('commandprocessor');

  const back = (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => navigate(NEGOTIATOR_PATH)}
    >
      Voltar
    </Button>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title={negotiator.data ? `Frases — ${negotiator.data.name}` : 'Frases do negociador'}
        description="O que o robô escreve na conversa e o que o hotsite mostra. As palavras entre colchetes são preenchidas na negociação."
        actions={back}
      />
      {phrases.isPending ? <Loader m="xl" aria-label="Carregando" /> : null}
      {phrases.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title="Negociador não encontrado.">
          {errorMessage(phrases.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : null}
      {phrases.data ? (
        <Card withBorder padding="lg">
          <Tabs value={tab} onChange={(v) => v && setTab(v as TPhraseGroup)} keepMounted={false}>
            <Tabs.List>
              {PHRASE_GROUPS.map((g) => (
                <Tabs.Tab key={g} value={g}>
                  {PHRASE_GROUP_LABEL[g]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {PHRASE_GROUPS.map((g) => (
              <Tabs.Panel key={g} value={g}>
                <PhrasesTab negotiatorId={id} group={g} phrases={phrases.data[g]} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Card>
      ) : null}
    </Stack>
  );
}
