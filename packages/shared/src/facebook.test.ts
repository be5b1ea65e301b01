import { describe, expect, it } from 'vitest';
import { FACEBOOK_MSG, graphErrorAction, graphErrorMessage, ZInstagramInput } from './facebook';
import { META_MSG } from './meta';

describe('Graph API errors (spec 2 §8)', () => {
  it('230 or an OAuthException ask to re-authenticate; 10, 190, 200, 299 to link the page again', () => {
    expect(graphErrorAction({ code: 230, type: 'GraphMethodException' })).toBe('reauth');
    expect(graphErrorAction({ code: 102, type: 'OAuthException' })).toBe('reauth');
    for (const code of [10, 190, 200, 299])
      expect(graphErrorAction({ code, type: 'OAuthException' })).toBe('relink');
    expect(graphErrorAction({ code: 613, type: 'OAuthException' })).toBe('reauth');
    expect(graphErrorAction({ code: 100, type: 'GraphMethodException' })).toBe('provider');
    expect(graphErrorAction({ code: null, type: null })).toBe('provider');
  });

  it('shows the spec’s texts, and the provider’s own message for the other codes', () => {
    expect(
      graphErrorMessage({ code: 190, type: 'OAuthException', message: 'Error validating access token' }),
    ).toBe(META_MSG.relink);
    expect(graphErrorMessage({ code: 230, type: null, message: 'x' })).toBe(META_MSG.reauth);
    expect(
      graphErrorMessage({ code: 100, type: 'GraphMethodException', message: 'Unsupported post request' }),
    ).toBe('Unsupported post request');
  });
});

describe('Instagram form (spec 2 §5)', () => {
  const ok = { page_id: '1001', name: 'Loja no Insta', sector_id: 1, iagree: true };
  const messageOf = (input: unknown) => {
    const r = ZInstagramInput.safeParse(input);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('asks for each field with "Campo X é obrigatório!", terms included', () => {
    expect(messageOf(ok)).toBeNull();
    expect(messageOf({ ...ok, name: '  ' })).toBe(FACEBOOK_MSG.instagramNameRequired);
    expect(messageOf({ ...ok, page_id: undefined })).toBe(FACEBOOK_MSG.instagramPageRequired);
    expect(messageOf({ ...ok, sector_id: undefined })).toBe(FACEBOOK_MSG.instagramSectorRequired);
    expect(messageOf({ ...ok, iagree: false })).toBe(FACEBOOK_MSG.instagramTermsRequired);
    expect(messageOf({ ...ok, iagree: undefined })).toBe(FACEBOOK_MSG.instagramTermsRequired);
  });
});
