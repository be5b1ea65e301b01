import { describe, expect, it } from 'vitest';
import { readCompanyMetadata } from './company-metadata';
import { allowedExtensions, mediaControlError, mediaLimitMb } from './media-control';

const MB = 1024 * 1024;

describe('media control', () => {
  it('allows every kind up to the channels limit by default', () => {
    const control = readCompanyMetadata({}).media_control;
    expect(mediaControlError(control, 'image', 5 * MB)).toBeNull();
    expect(mediaControlError(control, 'video', 16 * MB)).toBeNull();
    expect(mediaControlError(control, 'image', 5 * MB + 1)).toBe(
      'Mídia maior que o tamanho suportado (5 MB)',
    );
  });

  it('refuses a kind turned off, listing the extensions still allowed', () => {
    const control = readCompanyMetadata({
      media_control: { video: { enabled: false }, document: { enabled: false } },
    }).media_control;
    expect(mediaControlError(control, 'video', 10)).toBe(
      'Mídia não suportada. Extensões permitidas: BMP, GIF, JPG, PNG, MP3',
    );
    expect(allowedExtensions(control)).toEqual(['BMP', 'GIF', 'JPG', 'PNG', 'MP3']);
  });

  it('refuses above the company size, never above the channels one', () => {
    const control = readCompanyMetadata({ media_control: { document: { max_mb: 2 } } }).media_control;
    expect(mediaLimitMb(control, 'document')).toBe(2);
    expect(mediaControlError(control, 'document', 2 * MB)).toBeNull();
    expect(mediaControlError(control, 'document', 2 * MB + 1)).toBe(
      'Mídia maior que o tamanho suportado (2 MB)',
    );
  });

  it('a size above the channels limit is not a valid setting', () => {
    const m = readCompanyMetadata({ media_control: { image: { max_mb: 50 } } });
    expect(m.media_control.image.max_mb).toBeNull();
  });
});
