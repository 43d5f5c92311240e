import { describe, expect, it } from 'vitest';
import { detectMedia } from '../../../../server/features/media/media-types';

/** The first bytes of files of each kind: what detection reads. */
function withHead(head: string | number[], total = 64): Uint8Array {
  const bytes = new Uint8Array(total);
  bytes.set(typeof head === 'string' ? Buffer.from(head, 'latin1') : head);
  return bytes;
}

describe('detectMedia', () => {
  it('names images, videos and audio by their bytes', async () => {
    expect(await detectMedia(withHead([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({
      kind: 'image',
      ext: 'jpg',
    });
    expect(await detectMedia(withHead('GIF89a'))).toMatchObject({ kind: 'image', ext: 'gif' });
    expect(await detectMedia(withHead('\0\0\0\x18ftypisom\0\0\x02\0isomiso2'))).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
    });
    expect(
      await detectMedia(
        withHead(
          '\x1aE\xdf\xa3\x9fB\x86\x81\x01B\xf7\x81\x01B\xf2\x81\x04B\xf3\x81\x08B\x82\x84webm',
        ),
      ),
    ).toMatchObject({ kind: 'video', ext: 'webm' });
    expect(await detectMedia(withHead([0xff, 0xfb, 0x90, 0x64]))).toMatchObject({
      kind: 'audio',
      ext: 'mp3',
    });
    expect(await detectMedia(withHead('RIFF\x24\0\0\0WAVEfmt '))).toMatchObject({
      kind: 'audio',
      ext: 'wav',
    });
    expect(
      await detectMedia(withHead('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toMatchObject({
      kind: 'image',
      mime: 'image/svg+xml',
    });
  });

  it('refuses what the viewer cannot show: HTML, XML, scripts, archives, plain text', async () => {
    for (const head of [
      '<!doctype html><html><body>hi</body></html>',
      '<?xml version="1.0"?><note>hi</note>',
      '#!/bin/sh\necho hi',
      'PK\x03\x04\x14\0\0\0\x08\0',
      '%PDF-1.7\n',
      'just some words',
    ]) {
      expect(await detectMedia(withHead(head)), head).toBeUndefined();
    }
  });
});
