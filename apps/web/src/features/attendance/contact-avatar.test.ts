import { describe, expect, it } from 'vitest';
import { contactPicture, initials } from './contact-avatar';

const URL = '/api/files/contacts/1/2/abc.jpg?exp=1&sig=x';

describe('contact avatar', () => {
  it('shows the WhatsApp picture only while the company flag is on', () => {
    expect(contactPicture({ profile_pic_public_path: URL }, { 'whatsapp-profile-picture': true })).toBe(URL);
    expect(
      contactPicture({ profile_pic_public_path: URL }, { 'whatsapp-profile-picture': false }),
    ).toBeNull();
    expect(contactPicture({ profile_pic_public_path: URL }, {})).toBeNull();
    expect(contactPicture({ profile_pic_public_path: URL }, undefined)).toBeNull();
    expect(
      contactPicture({ profile_pic_public_path: null }, { 'whatsapp-profile-picture': true }),
    ).toBeNull();
  });

  it('falls back to the first and last initials', () => {
    expect(initials('maria da silva')).toBe('MS');
    expect(initials('  João ')).toBe('J');
    expect(initials('')).toBe('');
  });
});
