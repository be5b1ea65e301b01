import { META_MSG } from '@prosa/shared/meta';
import { describe, expect, it } from 'vitest';
import { metaExtrasOf } from './meta-extras';

describe('Messenger and Instagram extras of a message', () => {
  it('a story reply: the quoted story with its link, and the reply text', () => {
    expect(
      metaExtrasOf({
        text: 'Amei esse produto!',
        metadata: { quotedStory: { url: 'https://cdn.test/story.jpg', id: '1799' }, story_reply: true },
      }),
    ).toEqual({
      story: { label: 'Respondeu ao seu story', url: 'https://cdn.test/story.jpg' },
      button: null,
      text: 'Amei esse produto!',
    });
  });

  it('a story mention: said once, in the quote; a story without a web address has no link', () => {
    expect(
      metaExtrasOf({
        text: META_MSG.storyMention,
        metadata: { quotedStory: { url: 'https://cdn.test/m.jpg', id: 'mid.1' } },
      }),
    ).toEqual({
      story: { label: 'Mencionou você no story', url: 'https://cdn.test/m.jpg' },
      button: null,
      text: '',
    });
    expect(
      metaExtrasOf({ text: 'Oi', metadata: { quotedStory: { url: 'javascript:alert(1)', id: null } } }).story,
    ).toEqual({ label: 'Mencionou você no story', url: null });
  });

  it('a postback: "Botão: " and its title (its payload when it has none)', () => {
    expect(
      metaExtrasOf({
        text: 'Falar com atendente',
        metadata: { postback: { title: 'Falar com atendente', payload: 'HUMANO' } },
      }),
    ).toEqual({ story: null, button: 'Botão: Falar com atendente', text: '' });
    expect(
      metaExtrasOf({ text: 'HUMANO', metadata: { postback: { title: null, payload: 'HUMANO' } } }).button,
    ).toBe('Botão: HUMANO');
  });

  it('a plain message has none', () => {
    expect(metaExtrasOf({ text: 'Olá', metadata: {} })).toEqual({ story: null, button: null, text: 'Olá' });
  });
});
