import { SEARCH_DEBOUNCE_MS } from '@vitrine/domain';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { rememberSearch } from '../../features/search/recent-searches-store';
import { SearchPanel } from '../../features/search/SearchPanel';
import { searchPageHref } from '../../features/search/search-links';
import { type SearchEntry, useSearchEntries } from '../../features/search/useSearchEntries';
import { latestSearchParams } from '../../lib/latest-search-params';
import styles from './SearchBox.module.css';

export interface SearchBoxProps {
  className?: string;
  /** Called after Enter navigated to the search page (e.g. to close the mobile menu). */
  onSearch?: () => void;
}

/**
 * The search box keeps its text in the `q` query parameter, updated 500 ms after typing stops,
 * without scrolling (000 §2, 001 §2). Typing opens a panel of suggestions and recent searches, or the
 * mixed autocomplete results for the text (debounced 500 ms, lowercased); it closes on cancel (Escape
 * or the clear button), a click away or a selection. Enter goes to the search page (001 §4, §5).
 */
export function SearchBox({ className, onSearch }: SearchBoxProps) {
  const inputId = useId();
  const listId = useId();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlText = searchParams.get('q') ?? '';
  const [text, setText] = useState(urlText);
  const [debounced, setDebounced] = useState(urlText);
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const lastSynced = useRef(urlText);
  const timer = useRef<number | undefined>(undefined);
  const setParamsRef = useRef(setSearchParams);
  setParamsRef.current = setSearchParams;
  const { status, entries, query } = useSearchEntries(text, debounced);
  const optionId = (entry: SearchEntry) => `${listId}-${entry.id.replace(/[^\w-]/g, '_')}`;
  const active = entries.find((entry) => entry.id === activeId) ?? null;

  // The URL changed from outside (navigation, back button): show its text.
  useEffect(() => {
    if (urlText !== lastSynced.current) {
      lastSynced.current = urlText;
      window.clearTimeout(timer.current);
      setText(urlText);
      setDebounced(urlText);
    }
  }, [urlText]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A click (or tap) outside closes the panel. A layout effect: the listener is in place as soon as
  // the panel is on screen, not after the next paint, so a quick click away right after it opens
  // still closes it (a passive effect left that click unheard on a busy machine).
  useLayoutEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setText(value);
    setOpen(true);
    setActiveId(null);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      lastSynced.current = value;
      setDebounced(value);
      setParamsRef.current(
        () => {
          const next = latestSearchParams();
          if (value === '') next.delete('q');
          else next.set('q', value);
          // A new search text starts the results again at the first page.
          next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
  };

  const go = (href: string) => {
    window.clearTimeout(timer.current);
    close();
    inputRef.current?.blur();
    navigate(href);
    onSearch?.();
  };

  const choose = (entry: SearchEntry) => {
    if (entry.group === 'recent') rememberSearch(entry.label);
    else if (entry.group === 'results' || entry.group === 'all') rememberSearch(text);
    go(entry.href);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (open && active) {
      choose(active);
      return;
    }
    rememberSearch(text);
    go(searchPageHref(text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      }
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      return;
    }
    if (entries.length === 0) return;
    const index = active ? entries.indexOf(active) : -1;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = entries[(index + step + entries.length) % entries.length];
    setActiveId(next ? next.id : null);
    if (next) document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  const cancel = () => {
    window.clearTimeout(timer.current);
    setText('');
    setDebounced('');
    close();
    if (urlText !== '') {
      lastSynced.current = '';
      setSearchParams(
        () => {
          const next = latestSearchParams();
          next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
    inputRef.current?.focus();
  };

  return (
    <search ref={rootRef} className={[styles.root, className].filter(Boolean).join(' ')}>
      <form className={styles.form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search
        </label>
        <svg
          className={styles.icon}
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="search"
          name="q"
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          placeholder="Search NFTs, collections and publishers"
          autoComplete="off"
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active ? optionId(active) : undefined}
          data-testid="search-input"
        />
        {text !== '' ? (
          <button
            type="button"
            className={styles.cancel}
            onClick={cancel}
            aria-label="Clear search"
            data-testid="search-cancel"
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </form>
      {open ? (
        <SearchPanel
          id={listId}
          status={status}
          entries={entries}
          query={query || text.trim().toLowerCase()}
          activeId={activeId}
          optionId={optionId}
          onChoose={choose}
        />
      ) : null}
    </search>
  );
}
