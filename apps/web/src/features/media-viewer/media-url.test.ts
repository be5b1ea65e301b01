import { describe, expect, it } from 'vitest';
import { mediaViewerHref, readMediaView } from './media-url';

const ORIGIN = 'https://prosa.example.com';
const NOW = Date.parse('2026-11-27T10:00:00Z');
const EXP = Math.floor(NOW / 1000) + 3600;
const FILE = `/api/files/1/attachments/abc.png?exp=${EXP}&sig=assinatura`;
const view = (q: Record<string, string>) => readMediaView(`?${new URLSearchParams(q)}`, ORIGIN, NOW);

describe('media viewer address', () => {
  it("accepts a signed file of our own storage, and round-trips the chat's link", () => {
    const href = mediaViewerHref({
      url: FILE,
      type: 'image',
      mimeType: 'image/png',
      originalName: 'foto.png',
    });
    expect(href.startsWith('/media?')).toBe(true);
    expect(readMediaView(href.slice('/media'.length), ORIGIN, NOW)).toEqual({
      ok: true,
      src: FILE,
      kind: 'image',
      name: 'foto.png',
    });
    // An absolute URL of the same origin is ours too.
    expect(view({ src: `${ORIGIN}${FILE}`, type: 'video' })).toMatchObject({
      ok: true,
      src: FILE,
      kind: 'video',
    });
  });

  it('picks the viewer by kind: PDF by its MIME type, unknown kinds as a download', () => {
    expect(view({ src: FILE, type: 'document', mime: 'application/pdf' })).toMatchObject({ kind: 'pdf' });
    expect(view({ src: FILE, type: 'audio' })).toMatchObject({ kind: 'audio' });
    expect(view({ src: FILE, type: 'document', mime: 'text/csv' })).toMatchObject({ kind: 'file' });
    expect(view({ src: FILE, type: '<script>' })).toMatchObject({ kind: 'file' });
  });

  it('never accepts an address outside our file storage', () => {
    for (const src of [
      `https://evil.example.com${FILE}`,
      `//evil.example.com${FILE}`,
      `/\\evil.example.com${FILE}`,
      `javascript:alert(1)//${FILE}`,
      `data:text/html,<b>oi</b>`,
      `/api/auth/logout?exp=${EXP}&sig=x`,
      `/api/files/../auth/logout?exp=${EXP}&sig=x`,
      `/api/files/%2e%2e/auth/logout?exp=${EXP}&sig=x`,
      `https://user:pass@prosa.example.com${FILE}`,
      `/api/files/?exp=${EXP}&sig=x`,
      '/api/files/1/a.png',
      `/api/files/1/a.png?exp=abc&sig=x`,
    ]) {
      expect(view({ src, type: 'image' }), src).toEqual({ ok: false, reason: 'foreign' });
    }
  });

  it('shows nothing when the media is missing or its link expired', () => {
    expect(readMediaView('', ORIGIN, NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(view({ src: '  ', type: 'image' })).toEqual({ ok: false, reason: 'missing' });
    const expired = `/api/files/1/a.png?exp=${Math.floor(NOW / 1000) - 1}&sig=x`;
    expect(view({ src: expired, type: 'image' })).toEqual({ ok: false, reason: 'expired' });
  });
});
