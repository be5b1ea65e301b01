// What a Telegram user can send a bot, as the Bot API's Update and Message objects
// (https://core.telegram.org/bots/api#update).

export type PeerUser = { id: number; first_name: string; last_name?: string; username?: string };

export type PeerFile = { fileId: string; uniqueId: string; path: string; data: Buffer; mimeType: string };

/** What the user sends (files are hosted by the peer first: give their file_id). */
export type UserMessage =
  | { text: string }
  | { photo: { fileId: string; size: number }[]; caption?: string }
  | { document: { fileId: string; fileName: string; mimeType: string; size: number }; caption?: string }
  | { voice: { fileId: string; duration: number; mimeType?: string; size: number } }
  | { video: { fileId: string; duration: number; mimeType?: string; size: number }; caption?: string }
  | { location: { latitude: number; longitude: number } }
  | {
      contact: { phone_number: string; first_name: string; last_name?: string; user_id?: number };
    };

export type TgUpdate = { update_id: number; message?: Record<string, unknown>; [k: string]: unknown };

const uniq = (fileId: string) => `u${fileId.slice(-10)}`;

/** The Message object of a user's message in a private chat. */
export function userMessage(
  from: PeerUser,
  messageId: number,
  body: UserMessage,
  date = Math.floor(Date.now() / 1000),
): Record<string, unknown> {
  const chat = {
    id: from.id,
    type: 'private',
    first_name: from.first_name,
    ...(from.last_name ? { last_name: from.last_name } : {}),
    ...(from.username ? { username: from.username } : {}),
  };
  const base = {
    message_id: messageId,
    from: { ...from, is_bot: false, language_code: 'pt-br' },
    chat,
    date,
  };
  if ('text' in body) return { ...base, text: body.text };
  if ('photo' in body)
    return {
      ...base,
      photo: body.photo.map((p, i) => ({
        file_id: p.fileId,
        file_unique_id: uniq(p.fileId),
        file_size: p.size,
        width: 90 * (i + 1),
        height: 60 * (i + 1),
      })),
      ...(body.caption ? { caption: body.caption } : {}),
    };
  if ('document' in body)
    return {
      ...base,
      document: {
        file_id: body.document.fileId,
        file_unique_id: uniq(body.document.fileId),
        file_name: body.document.fileName,
        mime_type: body.document.mimeType,
        file_size: body.document.size,
      },
      ...(body.caption ? { caption: body.caption } : {}),
    };
  if ('voice' in body)
    return {
      ...base,
      voice: {
        file_id: body.voice.fileId,
        file_unique_id: uniq(body.voice.fileId),
        duration: body.voice.duration,
        mime_type: body.voice.mimeType ?? 'audio/ogg',
        file_size: body.voice.size,
      },
    };
  if ('video' in body)
    return {
      ...base,
      video: {
        file_id: body.video.fileId,
        file_unique_id: uniq(body.video.fileId),
        width: 640,
        height: 360,
        duration: body.video.duration,
        mime_type: body.video.mimeType ?? 'video/mp4',
        file_size: body.video.size,
      },
      ...(body.caption ? { caption: body.caption } : {}),
    };
  if ('location' in body) return { ...base, location: body.location };
  return { ...base, contact: body.contact };
}
