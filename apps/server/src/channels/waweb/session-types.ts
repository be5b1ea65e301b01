// What a session sends (session.ts runs it, session-send.ts paces it, the control API carries it between nodes).

export type WawebFile = {
  kind: 'image' | 'video' | 'audio' | 'document';
  data: Buffer;
  mimeType: string;
  fileName: string;
};
/** One message to a person: its files, then its text. `partsSent`: parts accepted by an earlier attempt. */
export type WawebOutgoing = { jid: string; text: string; files: WawebFile[]; partsSent?: number };
export type WawebSendOutcome =
  | { state: 'sent'; ids: string[] }
  | { state: 'failed'; error: string; partsSent: number; unknownOutcome: boolean };
