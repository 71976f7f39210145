import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './site.service';

describe('sitemapXml', () => {
  it('escapes what XML reserves in a URL (a slug may keep & and an apostrophe)', () => {
    expect(
      sitemapXml([
        'https://vitrine.example/marketplace/collection/rock&roll',
        "https://vitrine.example/it's",
      ]),
    ).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://vitrine.example/marketplace/collection/rock&amp;roll</loc></url>
<url><loc>https://vitrine.example/it&apos;s</loc></url>
</urlset>
`);
  });
});

describe('robotsTxt', () => {
  it('names the sitemap at the given origin', () => {
    expect(robotsTxt('https://vitrine.example').split('\n')).toContain(
      'Sitemap: https://vitrine.example/sitemap.xml',
    );
  });
});
