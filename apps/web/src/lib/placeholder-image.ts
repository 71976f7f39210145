// Placeholder for a broken asset (001 §8 "placeholder image with alt 'asset not found'").
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#eef0f3"/><g fill="none" stroke="#a3a9b6" stroke-width="12" stroke-linejoin="round"><rect x="320" y="230" width="160" height="120" rx="14"/><path d="M330 335l45-45 35 35 25-25 35 35"/></g><circle cx="445" cy="265" r="12" fill="#a3a9b6"/></svg>`;

export const PLACEHOLDER_IMAGE_SRC = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
export const BROKEN_ASSET_ALT = 'asset not found';
