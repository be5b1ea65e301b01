import { inflateSync } from 'node:zlib';
import { WAWEB_QR_SIZE } from '@prosa/shared/channel-monitor';
import { describe, expect, it } from 'vitest';
import { renderScreenshot } from './screenshot';
import { PNG_SIGNATURE } from './screenshot-png';

const size = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** The ink (black pixels) of a greyscale PNG written by encodeGreyPng. */
function ink(png: Buffer): number {
  const idat = png.indexOf('IDAT');
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  return [...raw].filter((b, i) => i % (WAWEB_QR_SIZE + 1) !== 0 && b === 0).length;
}

describe('the session screenshot', () => {
  it('is the QR (264 px PNG) while the session waits to be scanned', async () => {
    const png = await renderScreenshot({ state: 'UNPAIRED', qr: '2@abc,def,ghi,jkl' });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(size(png)).toEqual({ width: WAWEB_QR_SIZE, height: WAWEB_QR_SIZE });
  });

  it('is a 264 px PNG of the state’s label otherwise, different for each label', async () => {
    const connected = await renderScreenshot({ state: 'CONNECTED', qr: null });
    const silent = await renderScreenshot({ state: 'server-disconnected', qr: null });
    expect(connected.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(size(silent)).toEqual({ width: WAWEB_QR_SIZE, height: WAWEB_QR_SIZE });
    expect(ink(connected)).toBeGreaterThan(0);
    expect(ink(silent)).toBeGreaterThan(ink(connected));
  });
});
