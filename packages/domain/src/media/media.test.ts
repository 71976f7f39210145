import { describe, expect, it } from 'vitest';
import {
  detectMediaType,
  fileExtension,
  isValidUrl,
  mediaTypeFromContentType,
  upgradeToHttps,
} from './media';

describe('upgradeToHttps (000 §5 "http upgraded to https")', () => {
  it('upgrades http URLs', () => {
    expect(upgradeToHttps('http://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(upgradeToHttps('HTTP://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });

  it('leaves https and other URLs alone', () => {
    expect(upgradeToHttps('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(upgradeToHttps('ipfs://bafy/a.png')).toBe('ipfs://bafy/a.png');
    expect(upgradeToHttps('/media/http://x')).toBe('/media/http://x');
  });
});

describe('detectMediaType (000 §5 "only image, video, audio and model extensions recognised")', () => {
  it.each([
    ['https://cdn.example.com/art.jpeg', 'image'],
    ['https://cdn.example.com/art.JPG', 'image'],
    ['https://cdn.example.com/art.png?w=500#top', 'image'],
    ['https://cdn.example.com/art.svg', 'image'],
    ['https://cdn.example.com/art.avif', 'image'],
    ['https://cdn.example.com/art.gif', 'image'],
    ['https://cdn.example.com/art.webp', 'image'],
    ['https://cdn.example.com/clip.mp4', 'video'],
    ['https://cdn.example.com/clip.WEBM', 'video'],
    ['https://cdn.example.com/clip.ogv', 'video'],
    ['https://cdn.example.com/song.ogg', 'audio'],
    ['https://cdn.example.com/song.mp3', 'audio'],
    ['https://cdn.example.com/scene.glb', 'model'],
    ['art.png', 'image'],
    ['/media/clip.mp4?download=art.png', 'video'],
  ])('%s is %s', (url, type) => {
    expect(detectMediaType(url)).toBe(type);
  });

  it.each([
    'https://cdn.example.com/page.html',
    'https://cdn.example.com/doc.pdf',
    'https://cdn.example.com/noextension',
    'https://cdn.png/',
    'https://cdn.example.com/file.',
    '',
  ])('%s is not recognised', (url) => {
    expect(detectMediaType(url)).toBeNull();
  });

  it('reads the extension of the last path segment only', () => {
    expect(fileExtension('https://a.example.com/dir.v2/file')).toBe('');
    expect(fileExtension('https://a.example.com/dir/file.tar.GZ?x=1')).toBe('gz');
  });
});

describe('mediaTypeFromContentType (000 §7 HEAD content type)', () => {
  it('maps the major type', () => {
    expect(mediaTypeFromContentType('video/mp4')).toBe('video');
    expect(mediaTypeFromContentType('Image/PNG; charset=binary')).toBe('image');
    expect(mediaTypeFromContentType('model/gltf-binary')).toBe('model');
    expect(mediaTypeFromContentType('text/html')).toBeNull();
    expect(mediaTypeFromContentType(null)).toBeNull();
  });
});

describe('isValidUrl (000 §5 "URL valid only if protocol http or https")', () => {
  it('accepts http and https URLs', () => {
    expect(isValidUrl('https://example.com/a.png')).toBe(true);
    expect(isValidUrl('http://localhost:3000')).toBe(true);
  });

  it('rejects other protocols and non-URLs', () => {
    expect(isValidUrl('ftp://example.com/a.png')).toBe(false);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isValidUrl('ipfs://bafy/a.png')).toBe(false);
    expect(isValidUrl('/relative/a.png')).toBe(false);
    expect(isValidUrl('example.com')).toBe(false);
    expect(isValidUrl('')).toBe(false);
    expect(isValidUrl(null)).toBe(false);
  });
});
