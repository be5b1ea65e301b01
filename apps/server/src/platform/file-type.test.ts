import { describe, expect, it } from 'vitest';
import {
  sampleBmp,
  sampleExe,
  sampleGif,
  sampleJpeg,
  sampleMp3,
  sampleMp4,
  samplePdf,
  samplePng,
} from '../../test/helpers/sample-files';
import { contentMismatch, detectFileType, mp3FrameLength } from './file-type';

describe('detectFileType (by content, never by name)', () => {
  it.each([
    ['png', samplePng(), 'image/png'],
    ['jpg', sampleJpeg(), 'image/jpeg'],
    ['gif', sampleGif(), 'image/gif'],
    ['bmp', sampleBmp(), 'image/bmp'],
    ['pdf', samplePdf(), 'application/pdf'],
    ['mp4', sampleMp4(), 'video/mp4'],
    ['mp3', sampleMp3(), 'audio/mpeg'],
  ])('recognises a %s file', (ext, bytes, mime) => {
    expect(detectFileType(bytes)).toEqual({ mime, ext });
  });

  it('refuses an executable, whatever it is called', () => {
    expect(detectFileType(sampleExe())).toBeNull();
  });

  it('refuses text and empty files', () => {
    expect(detectFileType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });

  it.each([
    ['png', samplePng()],
    ['jpg', sampleJpeg()],
    ['gif', sampleGif()],
    ['bmp', sampleBmp()],
    ['pdf', samplePdf()],
    ['mp4', sampleMp4()],
  ])('refuses a %s file cut short', (_ext, bytes) => {
    expect(detectFileType(bytes.subarray(0, Math.floor(bytes.length * 0.6)))).toBeNull();
  });

  it('refuses an MP3 whose first frame is cut', () => {
    expect(detectFileType(sampleMp3().subarray(0, 300))).toBeNull();
  });

  it('refuses ISO media that is not MP4 video (HEIC image, M4A audio)', () => {
    for (const brand of ['heic', 'M4A ']) {
      const b = Buffer.from(sampleMp4());
      b.write(brand, 8, 'latin1');
      expect(detectFileType(b)).toBeNull();
    }
  });

  it('accepts an MP3 with an ID3 tag before the frames', () => {
    const id3 = Buffer.concat([
      Buffer.from('ID3', 'latin1'),
      Buffer.from([4, 0, 0, 0, 0, 0, 10]),
      Buffer.alloc(10),
    ]);
    expect(detectFileType(Buffer.concat([id3, sampleMp3()]))?.mime).toBe('audio/mpeg');
  });

  it('reads MPEG layer III frame lengths (128 kbps 44.1 kHz = 417 bytes; 48 kHz = 384)', () => {
    expect(mp3FrameLength(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 0)).toBe(417);
    expect(mp3FrameLength(Buffer.from([0xff, 0xfb, 0x94, 0x64]), 0)).toBe(384);
    // Layer II is not layer III.
    expect(mp3FrameLength(Buffer.from([0xff, 0xfd, 0x90, 0x64]), 0)).toBeNull();
  });
});

describe('contentMismatch (the name claims an accepted type the content is not)', () => {
  it('says the content does not match an accepted extension, and leaves other names to the caller', () => {
    expect(contentMismatch('foto.PNG', ['png', 'jpg'])).toBe(
      'O conteúdo do arquivo foto.PNG não corresponde à extensão .png.',
    );
    expect(contentMismatch('setup.exe', ['png', 'jpg'])).toBeNull();
    expect(contentMismatch('sem-extensao', ['png'])).toBeNull();
    expect(contentMismatch(undefined, ['png'])).toBeNull();
  });
});
