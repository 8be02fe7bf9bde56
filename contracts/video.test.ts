import { describe, expect, it } from 'vitest';
import { isVideoLink, parseVideoUrl, videoHostValues } from './video.ts';

const id = 'dQw4w9WgXcQ';
const youtube = {
  host: 'youtube',
  id,
  thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  embedUrl: `https://www.youtube.com/embed/${id}`,
};

describe('video urls', () => {
  it('RULE-88 parses the 11-character YouTube id from every link form and gives its thumbnail', () => {
    const links = [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?feature=share&v=${id}&t=42s`,
      `http://m.youtube.com/watch?v=${id}`,
      `youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc&t=10`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}?start=5`,
      `https://www.youtube.com/shorts/${id}`,
      `  https://www.youtube.com/live/${id}  `,
    ];
    for (const link of links) {
      expect(parseVideoUrl(link), link).toEqual(youtube);
    }
  });

  it('RULE-88 refuses YouTube links without a valid id', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=abc',
      `https://www.youtube.com/watch?v=${id}x`,
      'https://www.youtube.com/',
      `https://www.youtube.com/channel/${id}`,
      `https://youtu.be/${id}/extra`,
      'https://www.youtube.com/watch?v=dQw4w9WgXc!',
    ]) {
      expect(parseVideoUrl(link), link).toBeNull();
    }
  });

  it('RULE-88 parses the numeric Vimeo id (no thumbnail without the Vimeo API)', () => {
    const expected = { host: 'vimeo', id: '76979871', embedUrl: 'https://player.vimeo.com/video/76979871' };
    for (const link of [
      'https://vimeo.com/76979871',
      'vimeo.com/76979871',
      'https://www.vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871',
      'https://vimeo.com/channels/staffpicks/76979871',
    ]) {
      expect(parseVideoUrl(link), link).toEqual(expected);
    }
    expect(parseVideoUrl('https://vimeo.com/76979871/a1b2c3d4e5')).toEqual({
      host: 'vimeo',
      id: '76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5',
    });
    expect(parseVideoUrl('https://vimeo.com/76979871')?.thumbnailUrl).toBeUndefined();
    expect(parseVideoUrl('https://vimeo.com/abc')).toBeNull();
    expect(parseVideoUrl('https://vimeo.com/channels/staffpicks')).toBeNull();
  });

  it('RULE-88 parses the 32-hex Loom id from share and embed links', () => {
    const loomId = '0123456789abcdef0123456789abcdef';
    const expected = { host: 'loom', id: loomId, embedUrl: `https://www.loom.com/embed/${loomId}` };
    expect(parseVideoUrl(`https://www.loom.com/share/${loomId}`)).toEqual(expected);
    expect(parseVideoUrl(`https://loom.com/embed/${loomId}?t=3`)).toEqual(expected);
    expect(parseVideoUrl(`https://www.loom.com/share/Team-Update-${loomId}`)).toEqual(expected);
    expect(parseVideoUrl(`https://www.loom.com/share/${loomId.slice(1)}`)).toBeNull();
    expect(parseVideoUrl(`https://www.loom.com/share/x${loomId}`)).toBeNull();
    expect(parseVideoUrl(`https://www.loom.com/looms/${loomId}`)).toBeNull();
  });

  it('RULE-73 links from other hosts, other schemes and junk are not video links', () => {
    for (const value of [
      '',
      'not a url',
      'https://www.dailymotion.com/video/x7tgad0',
      `https://notyoutube.com/watch?v=${id}`,
      `https://youtube.com.evil.io/watch?v=${id}`,
      `ftp://youtube.com/watch?v=${id}`,
      `javascript:alert('${id}')`,
    ]) {
      expect(isVideoLink(value), value).toBe(false);
    }
    expect(videoHostValues).toEqual(['youtube', 'vimeo', 'loom']);
  });
});
