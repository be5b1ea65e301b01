import { Avatar, type AvatarProps } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { useCompanyFeatures } from '../company-metadata/api';

/** The letters shown for a contact without a picture: first and last name's initials. */
export function initials(name: string) {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''}`.toUpperCase();
}

/**
 * The contact's WhatsApp profile picture (spec 1 §3 profile_pic_public_path), while the company's
 * whatsapp-profile-picture flag is on; null otherwise.
 */
export function contactPicture(
  card: Pick<TCard, 'profile_pic_public_path'>,
  allow: Record<string, boolean> | undefined,
): string | null {
  return allow?.['whatsapp-profile-picture'] === true ? card.profile_pic_public_path : null;
}

export function useContactPicture(card: Pick<TCard, 'profile_pic_public_path'>): string | null {
  return contactPicture(card, useCompanyFeatures().data?.allow);
}

/** The contact's avatar: their picture, or their initials (also when the picture does not load). */
export function ContactAvatar({
  card,
  ...props
}: { card: Pick<TCard, 'name' | 'profile_pic_public_path'> } & Omit<AvatarProps, 'src' | 'children'>) {
  const picture = useContactPicture(card);
  return (
    <Avatar
      color="prosa"
      radius="xl"
      {...props}
      src={picture}
      alt={picture ? `Foto de ${card.name}` : undefined}
    >
      {initials(card.name) || '?'}
    </Avatar>
  );
}
