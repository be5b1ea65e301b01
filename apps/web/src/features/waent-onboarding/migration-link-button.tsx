import { ActionIcon, Tooltip } from '@mantine/core';
import { WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import { IconLink } from '@tabler/icons-react';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { useMigrationHash } from './api';

/** "Gerar link de migração": the migration screen's address with the signed hash, copied for the person. */
export function MigrationLinkButton({ channelId, name }: { channelId: number; name: string }) {
  const generate = useMigrationHash();
  const run = async () => {
    let url = '';
    try {
      const { channel_url_hash } = await generate.mutateAsync(channelId);
      url = `${window.location.origin}/channels/waent/migration?params=${encodeURIComponent(channel_url_hash)}`;
    } catch {
      toast.error(WAENT_ONB_MSG.migrationUrlError);
      return;
    }
    try {
      await copyText(url);
      toast.success(WAENT_ONB_MSG.linkCopied);
    } catch {
      toast.info(url);
    }
  };
  return (
    <Tooltip label="Gerar link de migração" withArrow>
      <ActionIcon
        variant="subtle"
        aria-label={`Gerar link de migração de ${name}`}
        loading={generate.isPending}
        onClick={() => void run()}
      >
        <IconLink size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
