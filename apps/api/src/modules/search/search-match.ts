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
  return tsQueryOf(
    t.words.map((w) => [w]),
    prefix,
  );
}

/**
 * The same words, each also with two neighbouring letters swapped ('stduio' | 'studio' | …) when it has
 * FUZZY_MIN_WORD_LENGTH letters or more: a transposition is one typo (Damerau), as in Meilisearch and
 * Typesense, where trigrams see two (`stduio` ~ `studio` is 0.43). One GIN scan of the tsvector index.
 */
export function transposedTsQuery(t: SearchText, prefix: boolean): SQL {
  return tsQueryOf(t.words.map(withTranspositions), prefix);
}

/** The word and each of its spellings with two neighbouring characters swapped, without repeats. */
export function withTranspositions(word: string): string[] {
  const spellings = new Set([word]);
  const chars = [...word];
  if (chars.length < FUZZY_MIN_WORD_LENGTH) return [word];
  for (let i = 0; i + 1 < chars.length; i += 1) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [chars[i + 1] as string, chars[i] as string];
    spellings.add(swapped.join(''));
  }
  return [...spellings];
}

function tsQueryOf(alternatives: string[][], prefix: boolean): SQL {
  // Words hold letters and digits only, so quoting them cannot break out of the lexeme.
  const lexeme = (w: string) => `'${w}'${prefix ? ':*' : ''}`;
  const text = alternatives
    .map((spellings) =>
      spellings.length === 1 ? lexeme(spellings[0] as string) : `(${spellings.map(lexeme).join(' | ')})`,
    )
    .join(' & ');
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
  if (!fuzzyAllowed(t)) return sql`${doc.tsv} @@ ${tsQuery(t, opts.prefix)}`;
  const words = sql`${doc.tsv} @@ ${transposedTsQuery(t, opts.prefix)}`;
  const fuzzy = opts.indexed
    ? sql`${doc.body} %> ${t.folded}`
    : sql`word_similarity(${t.folded}, ${doc.body}) >= ${WORD_SIMILARITY_THRESHOLD}`;
  return sql`(${words} or ${fuzzy})`;
}

/** A typo-only match: its trigram word similarity, at least 0.5 when the words match with a transposition. */
function typoScore(doc: { tsv: SQL; body: SQL }, t: SearchText, prefix: boolean): SQL {
  const similarity = sql`word_similarity(${t.folded}, ${doc.body})`;
  if (!fuzzyAllowed(t)) return similarity;
  const floor = sql.raw(`${WORD_SIMILARITY_THRESHOLD}::float8`);
  return sql`greatest(${similarity}::float8, case when ${doc.tsv} @@ ${transposedTsQuery(t, prefix)}
      then ${floor} else 0::float8 end)`;
}

/**
 * Relevance (higher is better): a document where every word matches (as a prefix) scores 1, +0.5 when its
 * name starts with the text, +0.5 × (text length / name length); a typo-only match scores its trigram word
 * similarity (0.5..1; 0.5 at least for a transposition). Plus the document's boost (≤ 0.1). Rounded to 4 decimals. Word similarity is only
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
      else ${typoScore(doc, t, prefix)} end + ${doc.boost})::numeric, 4)::float8`;
}
