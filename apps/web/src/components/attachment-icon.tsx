import type { TAttachmentKind } from '@prosa/shared/attachment-rules';
import { IconFileTypePdf, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';

const ICONS = { image: IconPhoto, video: IconMovie, document: IconFileTypePdf, audio: IconMusic };

export function AttachmentIcon({ kind, size = 20 }: { kind: TAttachmentKind; size?: number }) {
  const Icon = ICONS[kind];
  return <Icon size={size} aria-hidden />;
}
