import { Group, ThemeIcon, Tooltip } from '@mantine/core';
import { MULTICHANNEL_TYPE_LABEL, type TMultichannelType } from '@prosa/shared/multichannel';
import {
  type Icon,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconMail,
  IconMessageCircle,
  IconMessages,
} from '@tabler/icons-react';

export const TYPE_ICON: Record<TMultichannelType, Icon> = {
  waweb: IconBrandWhatsapp,
  fa: IconBrandMessenger,
  telegram: IconBrandTelegram,
  em: IconMail,
  web: IconMessageCircle,
  nc: IconMessages,
};

/** The channels a link has configured, as icons with their names. */
export function TypeIcons({ types }: { types: TMultichannelType[] }) {
  return (
    <Group gap={6} wrap="nowrap">
      {types.map((t) => {
        const Glyph = TYPE_ICON[t];
        return (
          <Tooltip key={t} label={MULTICHANNEL_TYPE_LABEL[t]} withArrow>
            <ThemeIcon
              variant="light"
              size="md"
              radius="xl"
              aria-label={MULTICHANNEL_TYPE_LABEL[t]}
              role="img"
            >
              <Glyph size={16} />
            </ThemeIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
