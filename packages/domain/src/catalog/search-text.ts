// Search text rules (001 §5 "Search text is lowercased before sending"). The server folds documents the
// same way (SQL function vitrine_fold, migration catalog_triggers), so a query and a document compare
// as equals: lowercase, accents removed, anything that is not a letter or digit turned into one space.

/** Letters that Unicode does not decompose into a base letter plus an accent. */
const FOLD: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe' };

/** Maximum length of a search text (q, query, search) the API accepts. */
export const SEARCH_TEXT_MAX_LENGTH = 200;

/** 'Mira Solís, “Neon”' → 'mira solis neon'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øłđıßæœ]/g, (c) => FOLD[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a search text, folded; at most `limit` (default 8). */
export function searchWords(text: string, limit = 8): string[] {
  const folded = normalizeSearchText(text);
  return folded === '' ? [] : folded.split(' ').slice(0, limit);
}
