import type { TMessage } from '@prosa/shared/attendance';
import { META_MSG } from '@prosa/shared/meta';

// What Messenger and Instagram messages carry besides their text (the adapter's metadata): an Instagram story
// the person replied to or mentioned us in (quotedStory {url, id}; story_reply marks a reply), and a Messenger
// button pressed (postback {title, payload}).

export type TStoryQuote = { label: string; url: string | null };

export type TMetaExtras = {
  story: TStoryQuote | null;
  /** "Botão: …" for a postback. */
  button: string | null;
  /** The text left to show under them (the postback's title and the mention's stock text are said above). */
  text: string;
};

const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Only web addresses become a link: the story's image is never loaded, the person opens it if they want. */
const webUrl = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
};

export function metaExtrasOf(message: Pick<TMessage, 'text' | 'metadata'>): TMetaExtras {
  const quoted = obj(message.metadata.quotedStory);
  const reply = message.metadata.story_reply === true;
  const story = quoted
    ? { label: reply ? 'Respondeu ao seu story' : 'Mencionou você no story', url: webUrl(quoted.url) }
    : null;
  const postback = obj(message.metadata.postback);
  const title =
    postback && typeof postback.title === 'string' && postback.title.trim() ? postback.title.trim() : null;
  const button = postback ? `Botão: ${title ?? message.text}` : null;
  const said = button !== null || (story !== null && !reply && message.text === META_MSG.storyMention);
  return { story, button, text: said ? '' : message.text };
}
