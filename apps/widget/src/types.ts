/** The public API of the web chat (apps/server, module webchat), as the widget sees it. */

export type FieldType = 'text' | 'number' | 'select';

export type WebchatField = {
  name: string;
  label: string;
  type: FieldType;
  options?: string[];
  mask?: string;
  required?: boolean;
  /** NewChat: the field's own error text. */
  error?: string;
};

export type WebchatConfig = {
  code: string;
  name: string;
  title: string;
  welcome: string;
  button: string;
  color: string;
  font_color: string;
  logo_url?: string | null;
  fields: WebchatField[];
};

export type VisitorSession = { visitor_id: string; token: string };

export type MessageFrom = 'visitor' | 'operator';

/** A file of a message, its URL already pointing at the Prosa server (signed, expiring). */
export type WidgetAttachment = {
  id: string;
  type: 'image' | 'video' | 'document' | 'audio';
  mimeType: string;
  originalName: string;
  size: number;
  url: string;
};

/** An uploaded file as the upload answered it; sent back as is with the message. */
export type UploadedFile = Record<string, unknown> & { id: string; originalName: string };

/** The message a reply quotes: its text and who wrote it. */
export type QuotedText = { text: string; from: MessageFrom };

/** A satisfaction poll's options (its question is the message's text), answered by a click. */
export type PollPrompt = { request_id: number; options: { key: string; value: string }[] };

export type ServerMessage = {
  id: number;
  text: string;
  from: MessageFrom;
  operator_name: string | null;
  sent_at: string;
  attachments?: WidgetAttachment[];
  quoted?: QuotedText | null;
  poll?: PollPrompt | null;
};

export type ConversationState = 'none' | 'open' | 'closed';

export type VisitorState = {
  visitor_id: string;
  name: string;
  state: ConversationState;
  protocol: string | null;
  /** An operator answered the open attendance (until then the waiting text shows). */
  answered?: boolean;
  messages: ServerMessage[];
};

export type SendResult = { protocol: string; message: ServerMessage | null; duplicate: boolean };

/** What the /webchat socket pushes on `message` (the server's full message; sender_type 0 is the visitor). */
export type SocketMessage = {
  id: number;
  text: string;
  sender_type: number;
  operator_name: string | null;
  sent_at: string;
  attachments?: WidgetAttachment[];
  /** The quoted message, as the operators' API gives it (sender_type 0 is the visitor). */
  quoted_message?: { text: string; sender_type: number } | null;
  /** metadata.poll on a satisfaction poll's question. */
  metadata?: { poll?: unknown } | null;
};
