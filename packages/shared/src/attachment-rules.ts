// Pure rules of attachments, without zod: the web chat widget uses them and stays small.

/** Attachments of a message (spec 1 §3 Attachment, §5 Attachments, §9 "Attachments per message"). */
export const MAX_ATTACHMENTS = 5;

export const ATTACHMENT_KINDS = ['image', 'video', 'document', 'audio'] as const;
export type TAttachmentKind = (typeof ATTACHMENT_KINDS)[number];

const MB = 1024 * 1024;

// Our limits per kind (the spec leaves them to us): images 5 MB, PDF 10 MB, MP4 and voice notes 16 MB.
export const ATTACHMENT_MAX_BYTES: Record<TAttachmentKind, number> = {
  image: 5 * MB,
  document: 10 * MB,
  video: 16 * MB,
  audio: 16 * MB,
};
/** The largest upload of any kind: the multipart limit of the upload routes. */
export const UPLOAD_MAX_BYTES = 16 * MB;

/** The file types a person may attach (checked by content on the server); audio only as a voice note. */
export const ATTACHMENT_MIME_KIND: Record<string, TAttachmentKind> = {
  'image/bmp': 'image',
  'image/gif': 'image',
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'application/pdf': 'document',
};
export const VOICE_MIME = 'audio/mpeg';

const EXTENSION_KIND: Record<string, TAttachmentKind> = {
  bmp: 'image',
  gif: 'image',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  mp4: 'video',
  pdf: 'document',
};

/** The extensions a person may attach, lower case. */
export const ATTACHMENT_EXTENSIONS: readonly string[] = Object.keys(EXTENSION_KIND);

/** For the file picker: the extensions and types the upload accepts. */
export const ATTACHMENT_ACCEPT = `${Object.keys(EXTENSION_KIND)
  .map((e) => `.${e}`)
  .join(',')},${Object.keys(ATTACHMENT_MIME_KIND).join(',')}`;

export const ATTACHMENT_MSG = {
  maxFiles: 'Máximo de 5 arquivos excedido.',
  invalid: (name: string) => `Arquivo ${name} inválido! Extensões permitidas: BMP, GIF, JPG, MP4, PDF e PNG.`,
  tooLarge: (name: string) => `Arquivo ${name} está acima do tamanho máximo permitido`,
  uploadError: 'Erro ao fazer upload de anexo. Tente novamente!',
  sendError: 'Erro ao enviar anexo.',
  sendRetry: 'Erro ao enviar anexo. Tente novamente!',
  uploaded: 'Upload realizado com sucesso!',
  noFile: 'Selecione um arquivo para enviar.',
  oneFile: 'Envie um arquivo por vez.',
  badReference: 'Anexo inválido. Envie o arquivo novamente.',
  microphoneDenied: 'Permita o acesso ao microfone para gravar áudio.',
  microphoneUnavailable: 'Não foi possível acessar o microfone deste dispositivo.',
  recordError: 'Não foi possível gravar o áudio. Tente novamente!',
  linkExpired: 'Link do arquivo expirado ou inválido.',
} as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind a file name announces (the server checks the content anyway); null when not accepted. */
export function kindByName(name: string): TAttachmentKind | null {
  return EXTENSION_KIND[extensionOf(name)] ?? null;
}

/**
 * The browser's check before uploading files (spec 1 §5): at most 5 per message counting those already
 * chosen, accepted extensions, size per kind. The first problem's text, or null.
 */
export function checkFilesBeforeUpload(
  files: readonly { name: string; size: number }[],
  alreadyChosen: number,
): string | null {
  if (files.length + alreadyChosen > MAX_ATTACHMENTS) return ATTACHMENT_MSG.maxFiles;
  for (const f of files) {
    const kind = kindByName(f.name);
    if (!kind) return ATTACHMENT_MSG.invalid(f.name);
    if (f.size > ATTACHMENT_MAX_BYTES[kind]) return ATTACHMENT_MSG.tooLarge(f.name);
  }
  return null;
}

/** "1,5 MB", "320 KB": sizes as the pending-media list shows them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb).toLocaleString('pt-BR')} KB`;
  return `${(kb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}
