import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { type TIpEntry, validateIpEntry } from '@prosa/shared/ip';
import { MSG } from '@prosa/shared/messages';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

const DEFAULT_MASK = 32;

/** The add row of the IP list: validated with the spec texts before it joins the (unsaved) list. */
export function IpEntryForm({ list, onAdd }: { list: TIpEntry[]; onAdd: (entry: TIpEntry) => void }) {
  const [ip, setIp] = useState('');
  const [mask, setMask] = useState<number | string>(DEFAULT_MASK);
  const [error, setError] = useState<string | null>(null);
  const maskError = error === MSG.ipMask ? error : null;
  const ipError = error && !maskError ? error : null;

  function add(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateIpEntry({ ip, mask }, list);
    setError(problem);
    if (problem) return;
    onAdd({ ip: ip.trim(), mask: Number(mask) });
    setIp('');
    setMask(DEFAULT_MASK);
  }

  return (
    <form noValidate onSubmit={add} aria-label="Adicionar IP">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="IP"
          placeholder="203.0.113.10"
          value={ip}
          onChange={(e) => {
            setIp(e.currentTarget.value);
            setError(null);
          }}
          error={ipError}
          style={{ flex: '1 1 220px' }}
        />
        <NumberInput
          label="Máscara"
          value={mask}
          onChange={(value) => {
            setMask(value);
            setError(null);
          }}
          error={maskError}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={110}
        />
        <Button type="submit" variant="light" leftSection={<IconPlus size={16} />} mt={25}>
          Adicionar
        </Button>
      </Group>
    </form>
  );
}
