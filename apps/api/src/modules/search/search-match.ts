// How a search text matches a search document (docs/decisions/004-catalog-api.md §4). Used by the search
// host and by explore's `q`. Documents are folded by SQL (vitrine_fold); queries by normalizeSearchText.
import { normalizeSearchText, searchWords } from '@vitrine/domain';
import { type SQL, sql } from 'drizzle-orm';

/** Trigram word similarity at which a misspelt word still matches ('solsi' ~ 'solis' is 0.5). */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Typo tolerance starts at words of this length; shorter texts match as prefixes only. */
export const FUZZY_MIN_WORD_LENGTH = 4;

const fuzzyAllowed = (t: SearchText) => t.words.some((w) => w.length >= FUZZY_MIN_WORD_LENGTH);

export interface SearchText {
  /** Folded text: 'mira solsi'. */
  folded: string;
  /** Its words, each only letters and digits. */
  words: string[];
}

const INDEX_NAMES = new Set(['users', 'publishers', 'collections', 'products']);

/**
 * `sd.index_name = '<index>'` with the name as a literal, never a parameter: the partial GIN indexes
 * (one per index name) and cached generic plans only apply when the planner sees the literal.
 */
export function inIndex(index: string): SQL {
  if (!INDEX_NAMES.has(index)) throw new Error(`unknown search index ${index}`);
  return sql.raw(`sd.index_name = '${index}'`);
}

/** null when the text has no letters or digits. */
export function searchText(raw: string | undefined | null): SearchText | null {
  if (!raw) return null;
  const folded = normalizeSearchText(raw).slice(0, 200);
  const words = searchWords(folded);
  return words.length === 0 ? null : { folded, words };
}

/** A tsquery in which every word must match: as a prefix (`'mir':*`) or whole. */
export function tsQuery(t: SearchText, prefix: boolean): SQL {
  // Words hold letters and digits only, so quoting them cannot break out of the lexeme.
  const text = t.words.map((w) => `'${w}'${prefix ? ':*' : ''}`).join(' & ');
  return sql`to_tsquery('simple'::regconfig, ${text})`;
}

/**
 * The match condition on a search_documents row. `indexed` uses the trigram operator (needs the
 * threshold set with `SET LOCAL pg_trgm.word_similarity_threshold`, see withTrigramThreshold); otherwise
 * the function form, for small candidate sets.
 */
export function documentMatches(
  doc: { tsv: SQL; body: SQL },
  t: SearchText,
  opts: { prefix: boolean; indexed: boolean },
): SQL {
  const words = sql`${doc.tsv} @@ ${tsQuery(t, opts.prefix)}`;
  if (!fuzzyAllowed(t)) return words;
  const fuzzy = opts.indexed
    ? sql`${doc.body} %> ${t.folded}`
    : sql`word_similarity(${t.folded}, ${doc.body}) >= ${WORD_SIMILARITY_THRESHOLD}`;
  return sql`(${words} or ${fuzzy})`;
}

/**
 * Relevance (higher is better): a document where every word matches (as a prefix) scores 1, +0.5 when its
 * name starts with the text, +0.5 × (text length / name length); a typo-only match scores its trigram word
 * similarity (0.5..1). Plus the document's boost (≤ 0.1). Rounded to 4 decimals. Word similarity is only
 * computed for typo-only matches: it is the expensive part.
 */
export function documentScore(
  doc: { tsv: SQL; body: SQL; name: SQL; boost: SQL },
  t: SearchText,
  prefix: boolean,
): SQL {
  return sql`round((case when ${doc.tsv} @@ ${tsQuery(t, prefix)}
      then 1 + (case when starts_with(${doc.name}, ${t.folded}) then 0.5 else 0 end)
             + 0.5 * least(1, length(${t.folded})::float8 / greatest(length(${doc.name}), 1))
      else word_similarity(${t.folded}, ${doc.body}) end + ${doc.boost})::numeric, 4)::float8`;
}
