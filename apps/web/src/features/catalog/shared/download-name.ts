import { sanitizeDownloadFileName } from '@vitrine/domain';

/** '{title}.{ext}' with the characters / \\ ? % * : | " < > replaced (000 §5); the extension from the asset URL. */
export function downloadFileName(title: string, src: string): string {
  let ext = '';
  try {
    ext = /\.([A-Za-z0-9]{1,5})$/.exec(new URL(src, 'https://vitrine.invalid').pathname)?.[1] ?? '';
  } catch {
    ext = '';
  }
  const base = sanitizeDownloadFileName(title.trim() || 'artwork');
  return ext ? `${base}.${ext.toLowerCase()}` : base;
}

/** The full-screen artwork viewer opened by a card's expand button (001 §2). Escape or Close ends it. */
