import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  publishCurrencyErrors,
  STUDIO_MESSAGES,
  validateCollection,
  validateDrop,
  validateNft,
  validateNftWindows,
} from '@vitrine/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import type { ApiError } from '../../app/api-error';
import { serverNow } from '../../lib/server-clock';
import { useNow } from '../../lib/useNow';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Dialog } from '../../ui/Dialog';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Skeleton } from '../../ui/Skeleton';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { useToast } from '../../ui/useToast';
import { RequireAuth } from '../auth/RequireAuth';
import { AUTOSAVE_LABELS } from './autosave';
import { type CriteriaDraft, CriteriaEditor } from './CriteriaEditor';
import { DropPreview } from './DropPreview';
import { AreaField, ChoiceField, Field, type FieldState } from './fields';
import { NftEditor } from './NftEditor';
import { PUBLISHER_TERMS_AGREED, PublisherTermsDialog } from './PublisherTermsDialog';
import styles from './Studio.module.css';
import { type SplitKind, type StudioDrop, type StudioNft, studioApi, studioKeys } from './studio-api';
import {
  CHAINS,
  changedFields,
  DEFAULT_NFT_TITLE,
  type DropForm,
  dropForm,
  dropInput,
  isReadOnly,
  type NftForm,
  nftForm,
  nftInput,
  nftPatch,
  publishOutcome,
  SPLIT_KINDS,
  type SplitForm,
  saleTypeMixRefusal,
  studioStatusLabel,
} from './studio-model';
import { Uploader } from './uploads/Uploader';
import { useAutosaveGroup } from './useAutosaveGroup';

/** The drop's pictures, each with its uploader. */
const IMAGE_FIELDS = [
  { name: 'coverAsset', label: 'Cover image URL', upload: 'Upload a cover image' },
  { name: 'previewAsset', label: 'Preview image URL', upload: 'Upload a preview image' },
  { name: 'customBanner', label: 'Banner image URL', upload: 'Upload a banner' },
] as const;

/** Fields the API checks as pairs (a start before its end). */
const WINDOW_FIELDS: readonly (readonly string[])[] = [
  ['visibleStartDateTime', 'visibleEndDateTime'],
  ['startDateTime', 'endDateTime'],
];

/** `/publishers/{slug}/drops/{dropId}`: the drop editor (001 §2 "Drop editor"). */
export function DropEditorPage() {
  return (
    <div className="page-container" data-testid="drop-editor-page">
      <RequireAuth>
        <EditorLoader />
      </RequireAuth>
    </div>
  );
}

function EditorLoader() {
  const { slug = '', dropId = '' } = useParams();
  const id = Number(dropId);
  const drop = useQuery({
    queryKey: studioKeys.drop(slug, id),
    queryFn: ({ signal }) => studioApi.getDrop(slug, id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // The editor owns the values once loaded: no refetch may overwrite local edits.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (drop.isError) {
    return (
      <ErrorFallback
        title={
          isApiError(drop.error) && drop.error.statusCode === 404
            ? 'This drop was not found.'
            : "We couldn't load this drop."
        }
        message={drop.error.message}
        onRetry={() => void drop.refetch()}
        retrying={drop.isFetching}
        testId="drop-editor-error"
      />
    );
  }
  if (!drop.data) return <Skeleton height={420} />;
  return <Editor key={id} slug={slug} initial={drop.data} />;
}

interface NftEntry {
  id: number;
  form: NftForm;
  /** The values last saved: a field differing from it is dirty. */
  baseline: NftForm;
  touched: ReadonlySet<string>;
}

const entryOf = (nft: StudioNft, dropMechanics?: string): NftEntry => {
  const form = nftForm(nft, dropMechanics);
  return { id: nft.id, form, baseline: form, touched: new Set() };
};

const sortValue = (entry: NftEntry) => Number(entry.form.sortOrder) || 0;

const complete = (row: SplitForm) =>
  row.payee.trim() !== '' && row.percentage.trim() !== '' && Number.isFinite(Number(row.percentage));

type Notice = { tone: 'error' | 'success'; title: string; detail?: string } | null;

function Editor({ slug, initial }: { slug: string; initial: StudioDrop }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const now = useNow(30_000);
  const autosave = useAutosaveGroup();
  const [serverDrop, setServerDrop] = useState(initial);
  const [values, setValues] = useState<DropForm>(() => dropForm(initial));
  const [baseline, setBaseline] = useState<DropForm>(values);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [nfts, setNfts] = useState<NftEntry[] | null>(initial.collections?.length ? null : []);
  const [selected, setSelected] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<NftEntry | null>(null);
  const [preview, setPreview] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const collectionId = useRef<number | null>(initial.collections?.[0]?.id ?? null);
  /** What the API has of the drop and of each NFT: an autosave sends what differs from it. */
  const savedDrop = useRef<DropForm>(values);
  const savedNfts = useRef(new Map<number, NftForm>());
  /** Edits the rules refuse, kept in the editor until they pass: by 'drop' or the NFT's id. */
  const [held, setHeld] = useState<Record<string, number>>({});
  const heldRef = useRef<Record<string, number>>({});
  /** Criteria as typed in an NFT's criteria editor and not saved, kept while another NFT is open. */
  const criteriaDrafts = useRef(new Map<number, CriteriaDraft>());
  const holdCriteria = useCallback((nftId: number, count: number) => {
    heldRef.current[`criteria:${nftId}`] = count;
    setHeld((current) => ({ ...current, [`criteria:${nftId}`]: count }));
  }, []);
  // The drop's collection: its name is the collection page's title (001 §5: at most 30, unique).
  const [collectionName, setCollectionName] = useState(
    initial.collections?.[0]?.name ?? 'Untitled Collection',
  );
  const [savedCollectionName, setSavedCollectionName] = useState(collectionName);
  /** The splits the API has, by `${nftId}:${field}:${row key}`: what a save adds, changes or removes. */
  const splitsOnServer = useRef(new Map<string, { id: number; payee: string; percentage: string }>());

  // Leaving the editor forgets its loaded copy (it owns the values while open) and refreshes the drop list.
  useEffect(
    () => () => {
      queryClient.removeQueries({ queryKey: studioKeys.drop(slug, initial.id) });
      queryClient.removeQueries({ queryKey: studioKeys.nftsOf(slug) });
      void queryClient.invalidateQueries({ queryKey: studioKeys.drops(slug) });
    },
    [queryClient, slug, initial.id],
  );

  const storedLabel = studioStatusLabel(serverDrop);
  // A published drop that opens while its editor is open is Live from then: view-only, its edits no longer sent (QA
  // 2026-12-07: it stayed 'Published', the API refused every save, and the editor said 'Not saved. Retrying…').
  const opened =
    storedLabel === 'Published' &&
    serverDrop.visibleStartDateTime !== null &&
    Date.parse(serverDrop.visibleStartDateTime) <= now;
  const label = opened ? 'Live' : storedLabel;
  const readOnly = opened || (serverDrop.readOnly ?? isReadOnly(label));
  const { dropAll } = autosave;
  useEffect(() => {
    if (readOnly) dropAll();
  }, [readOnly, dropAll]);
  /** The API says the drop is view-only now (it opened): the editor becomes so. */
  const viewOnlyNow = useCallback((error: unknown) => {
    if (!isApiError(error) || error.errorType !== 'drop-read-only') return false;
    setServerDrop((current) => ({ ...current, readOnly: true }));
    return true;
  }, []);

  const nftsQuery = useQuery({
    queryKey: studioKeys.nfts(slug, collectionId.current ?? 0),
    queryFn: ({ signal }) => studioApi.listNfts(slug, collectionId.current ?? 0, signal),
    enabled: nfts === null && collectionId.current !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const remember = useCallback((entry: NftEntry) => {
    savedNfts.current.set(entry.id, entry.form);
    for (const kind of SPLIT_KINDS)
      for (const row of entry.form[kind.field])
        if (row.id !== null)
          splitsOnServer.current.set(`${entry.id}:${kind.field}:${row.key}`, {
            id: row.id,
            payee: row.payee,
            percentage: row.percentage,
          });
  }, []);
  useEffect(() => {
    if (nfts !== null || !nftsQuery.data) return;
    const entries = nftsQuery.data.map((nft) => entryOf(nft, initial.dropMechanics));
    for (const entry of entries) remember(entry);
    setNfts(entries);
    setSelected((current) => current ?? entries[0]?.id ?? null);
  }, [nfts, nftsQuery.data, remember, initial.dropMechanics]);

  const sorted = useMemo(
    () => [...(nfts ?? [])].sort((a, b) => sortValue(a) - sortValue(b) || a.id - b.id),
    [nfts],
  );

  // ---- rules (shared with the API: @vitrine/domain studio rules) ----
  const input = dropInput(values);
  const dropWindow = { start: input.visibleStartDateTime, end: input.visibleEndDateTime };
  const nftErrors = new Map<number, Record<string, string>>();
  for (const entry of nfts ?? [])
    nftErrors.set(entry.id, {
      ...validateNft(nftInput(entry.form), { now, dropWindow, allowUnauthorizedPayees: true }),
      // Saved, but not published (what Publish checks beside the rules).
      ...publishCurrencyErrors(nftInput(entry.form)),
    });
  const dropErrors: Record<string, string> = {
    ...validateDrop(input, { now }),
    ...(nfts && nfts.length > 0
      ? validateNftWindows(
          dropWindow,
          nfts.map((e) => nftInput(e.form)),
        )
      : {}),
  };
  const collectionErrors = validateCollection({ name: collectionName });
  const collectionKey = (field: string) => `collections.${collectionId.current ?? 0}.${field}`;
  // An NFT whose criteria the rules or the API refuse (held in its criteria editor) needs attention too.
  const criteriaHeld = (nftId: number) => (held[`criteria:${nftId}`] ?? 0) > 0;
  const invalidNfts = (nfts ?? []).filter(
    (e) => Object.keys(nftErrors.get(e.id) ?? {}).length > 0 || criteriaHeld(e.id),
  ).length;
  const invalidDropFields = Object.keys(dropErrors).length + Object.keys(collectionErrors).length;
  const valid = invalidDropFields === 0 && invalidNfts === 0 && (nfts?.length ?? 0) > 0;

  // A publish failure's notice goes once every field passes.
  useEffect(() => {
    if (valid) setNotice((current) => (current?.tone === 'error' ? null : current));
  }, [valid]);

  // ---- the drop's fields ----
  /**
   * Sends the changed fields the rules pass; a field the API still refuses (a slug taken) shows its message
   * and stays in the editor, the others are sent again without it.
   */
  const sendChanged = useCallback(
    async <T extends object>(
      key: string,
      next: T,
      saved: T,
      errors: Record<string, string>,
      send: (body: Partial<T>) => Promise<unknown>,
      errorKey: (field: string) => string,
    ): Promise<T> => {
      let { send: body, held: refused } = changedFields(next, saved, errors);
      let result = saved;
      for (let attempt = 0; attempt < 2 && Object.keys(body).length > 0; attempt += 1) {
        try {
          await send(body);
          result = { ...result, ...body };
          // A message the API gave on an earlier value of a field now saved is gone.
          const savedKeys = Object.keys(body).map(errorKey);
          setServerErrors((current) =>
            savedKeys.some((k) => k in current)
              ? Object.fromEntries(Object.entries(current).filter(([k]) => !savedKeys.includes(k)))
              : current,
          );
          break;
        } catch (error) {
          if (viewOnlyNow(error)) break;
          const fields =
            isApiError(error) && error.statusCode === 400 ? (error as ApiError).fields : undefined;
          if (!fields) throw error;
          // The fields it names are kept here, with its message; when it names none of those sent, all of them
          // wait for the next edit (or Publish) rather than being sent again and again.
          const inBody = Object.keys(fields).filter((f) => f in body);
          setServerErrors((current) => ({
            ...current,
            ...Object.fromEntries(inBody.map((f) => [errorKey(f), fields[f] ?? ''])),
          }));
          const named = inBody.length > 0 ? inBody : Object.keys(body);
          refused = [...refused, ...named];
          body = Object.fromEntries(Object.entries(body).filter(([f]) => !named.includes(f))) as Partial<T>;
        }
      }
      heldRef.current[key] = refused.length;
      setHeld((current) => ({ ...current, [key]: refused.length }));
      return result;
    },
    [viewOnlyNow],
  );

  const saveDrop = async (form: DropForm) => {
    const errors = validateDrop(dropInput(form), { now: serverNow() });
    const saved = await sendChanged(
      'drop',
      dropInput(form),
      dropInput(savedDrop.current),
      errors,
      async (body) => {
        const answer = await studioApi.patchDrop(slug, initial.id, body);
        setServerDrop((current) => ({ ...current, ...answer }));
      },
      (field) => `drop.${field}`,
    );
    // The saved form: the fields sent take the new value, the held ones keep the old.
    const next = { ...savedDrop.current };
    for (const field of Object.keys(form) as (keyof DropForm)[]) {
      const sent = (dropInput(form) as Record<string, unknown>)[field];
      if (JSON.stringify(sent) === JSON.stringify((saved as Record<string, unknown>)[field]))
        next[field] = form[field];
    }
    savedDrop.current = next;
    setBaseline(next);
  };
  const dropFields: FieldState<keyof DropForm> = {
    value: (name) => values[name],
    error: (name) =>
      serverErrors[`drop.${name}`] ?? (touched.has(name) || showAll ? dropErrors[name] : undefined),
    dirty: (name) => values[name] !== baseline[name],
    set: (name, value) => {
      const next = { ...values, [name]: value };
      setValues(next);
      clearServerError(`drop.${name}`);
      // The API compares the two ends of the window: its word on one is stale once the other moves (QA 2026-12-07:
      // 'The start time must be earlier than the end time.' stayed on a start earlier than the end just typed).
      for (const pair of WINDOW_FIELDS)
        if (pair.includes(name as string)) for (const other of pair) clearServerError(`drop.${other}`);
      autosave.change('drop', next, saveDrop);
    },
    touch: (name) => setTouched((current) => (current.has(name) ? current : new Set([...current, name]))),
  };
  const clearServerError = (key: string) =>
    setServerErrors((current) => {
      if (current[key] === undefined) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });

  const saveCollection = async (name: string) => {
    const cid = await ensureCollection();
    const saved = await sendChanged(
      'collection',
      { name },
      { name: savedCollectionName },
      validateCollection({ name }),
      (body) => studioApi.patchCollection(slug, cid, body),
      (field) => `collections.${cid}.${field}`,
    );
    setSavedCollectionName(saved.name);
  };
  const collectionFields: FieldState<'collectionName'> = {
    value: () => collectionName,
    error: () =>
      serverErrors[collectionKey('name')] ??
      (touched.has('collectionName') || showAll ? collectionErrors.name : undefined),
    dirty: () => collectionName !== savedCollectionName,
    set: (_name, value) => {
      setCollectionName(value);
      clearServerError(collectionKey('name'));
      autosave.change('collection', value, saveCollection);
    },
    touch: () =>
      setTouched((current) =>
        current.has('collectionName') ? current : new Set([...current, 'collectionName']),
      ),
  };

  // ---- the NFTs ----
  const saveNft = async (nftId: number, form: NftForm) => {
    const cid = collectionId.current;
    if (cid === null) return;
    const before = savedNfts.current.get(nftId) ?? form;
    // The NFT's window against the drop's is checked at Publish (and shown as typed), not here: the drop's new
    // window may still be on its way, and holding the NFT's dates for it would leave them unsaved.
    const errors = validateNft(nftInput(form), { now: serverNow(), allowUnauthorizedPayees: true });
    const saved = await sendChanged(
      `nft:${nftId}`,
      nftPatch(form),
      nftPatch(before),
      errors,
      (body) => studioApi.patchNft(slug, cid, nftId, body),
      (field) => `nfts.${nftId}.${field}`,
    );
    // Split rows the API refuses (a recipient it does not know): their message at the row, the row kept here, the
    // rest saved (QA 2026-12-07: the refusal was thrown, and the editor said 'Not saved. Retrying…' for ever).
    let refusedRows = 0;
    const refusedRow = (field: string, index: number, error: unknown) => {
      if (viewOnlyNow(error)) return;
      const fields = isApiError(error) && error.statusCode === 400 ? (error as ApiError).fields : undefined;
      if (!fields) throw error;
      refusedRows += 1;
      const named =
        Object.keys(fields).length > 0 ? fields : { user: error instanceof Error ? error.message : '' };
      setServerErrors((current) => ({
        ...current,
        ...Object.fromEntries(
          Object.entries(named).map(([f, message]) => [
            `nfts.${nftId}.${field}.${index}.${f}`,
            message ?? '',
          ]),
        ),
      }));
    };
    for (const kind of SPLIT_KINDS) {
      const prefix = `${nftId}:${kind.field}:`;
      const kept = new Set<string>();
      for (const [index, row] of form[kind.field].entries()) {
        const key = prefix + row.key;
        kept.add(key);
        if (!complete(row)) continue; // a row being typed waits for its payee and percentage
        const body = {
          ...(kind.onChain ? { ethAddress: row.payee.trim() } : { user: row.payee.trim() }),
          percentage: Number(row.percentage),
        };
        const known = splitsOnServer.current.get(key);
        try {
          if (!known) {
            const ids = new Set(
              [...splitsOnServer.current.entries()]
                .filter(([k]) => k.startsWith(prefix))
                .map(([, v]) => v.id),
            );
            const list = await studioApi.addSplit(slug, cid, nftId, kind.path as SplitKind, body);
            const created = list.results.filter((r) => !ids.has(r.id)).sort((a, b) => b.id - a.id)[0];
            if (created)
              splitsOnServer.current.set(key, {
                id: created.id,
                payee: row.payee,
                percentage: row.percentage,
              });
          } else if (known.payee !== row.payee || known.percentage !== row.percentage) {
            await studioApi.patchSplit(slug, cid, nftId, kind.path as SplitKind, known.id, body);
            splitsOnServer.current.set(key, { ...known, payee: row.payee, percentage: row.percentage });
          }
        } catch (error) {
          refusedRow(kind.field, index, error);
        }
      }
      for (const [key, known] of [...splitsOnServer.current]) {
        if (!key.startsWith(prefix) || kept.has(key)) continue;
        await studioApi.deleteSplit(slug, cid, nftId, kind.path as SplitKind, known.id);
        splitsOnServer.current.delete(key);
      }
    }
    const next: NftForm = { ...before };
    const sentValues = nftPatch(form) as Record<string, unknown>;
    for (const field of Object.keys(form) as (keyof NftForm)[]) {
      if (!(field in sentValues)) continue;
      if (JSON.stringify(sentValues[field]) === JSON.stringify((saved as Record<string, unknown>)[field]))
        (next as unknown as Record<string, unknown>)[field] = form[field];
    }
    for (const kind of SPLIT_KINDS) next[kind.field] = form[kind.field];
    savedNfts.current.set(nftId, next);
    if (refusedRows > 0) {
      heldRef.current[`nft:${nftId}`] = (heldRef.current[`nft:${nftId}`] ?? 0) + refusedRows;
      setHeld((current) => ({ ...current, [`nft:${nftId}`]: heldRef.current[`nft:${nftId}`] ?? 0 }));
    }
    setNfts((current) => current?.map((e) => (e.id === nftId ? { ...e, baseline: next } : e)) ?? current);
  };

  const changeNft = (nftId: number, patch: Partial<NftForm>) => {
    const entry = nfts?.find((e) => e.id === nftId);
    if (!entry) return;
    if (patch.primarySaleType) {
      // Pack and pack drawing are the drop's mechanics: a mix would change the other NFTs' sale types unsaid.
      const others = (nfts ?? []).filter((e) => e.id !== nftId).map((e) => e.form.primarySaleType);
      const refusal = saleTypeMixRefusal(patch.primarySaleType, others);
      if (refusal !== null) {
        setServerErrors((current) => ({ ...current, [`nfts.${nftId}.primarySaleType`]: refusal }));
        return;
      }
      // The drop's type follows the sale type chosen.
      if (patch.primarySaleType !== values.dropMechanics)
        dropFields.set('dropMechanics', patch.primarySaleType);
    }
    const form = { ...entry.form, ...patch };
    setNfts((current) => current?.map((e) => (e.id === nftId ? { ...e, form } : e)) ?? current);
    for (const field of Object.keys(patch)) {
      clearServerError(`nfts.${nftId}.${field}`);
      // A split's rows: the API's word on a row goes with the edit that answers it.
      if (SPLIT_KINDS.some((kind) => kind.field === field))
        setServerErrors((current) => {
          const gone = Object.keys(current).filter((k) => k.startsWith(`nfts.${nftId}.${field}.`));
          return gone.length === 0
            ? current
            : Object.fromEntries(Object.entries(current).filter(([k]) => !gone.includes(k)));
        });
      for (const pair of WINDOW_FIELDS)
        if (pair.includes(field)) for (const other of pair) clearServerError(`nfts.${nftId}.${other}`);
    }
    autosave.change(`nft:${nftId}`, form, (value: NftForm) => saveNft(nftId, value));
  };
  const touchNft = (nftId: number, ...fields: string[]) =>
    setNfts(
      (current) =>
        current?.map((e) => (e.id === nftId ? { ...e, touched: new Set([...e.touched, ...fields]) } : e)) ??
        current,
    );

  const ensureCollection = async () => {
    if (collectionId.current !== null) return collectionId.current;
    const created = await studioApi.createCollection(slug, initial.id);
    collectionId.current = created.id;
    return created.id;
  };
  const nextSort = () => Math.max(0, ...(nfts ?? []).map(sortValue)) + 1;

  const add = useMutation({
    mutationFn: async () => {
      const cid = await ensureCollection();
      // The API gives 001 §3's defaults (Untitled NFT, the drop's sale type, edition 1, royalty 10, …).
      return studioApi.createNft(slug, cid, { sortOrder: nextSort() });
    },
    onSuccess: (nft) => {
      const entry = entryOf(nft, values.dropMechanics);
      remember(entry);
      setNfts((current) => [...(current ?? []), entry]);
      setSelected(nft.id);
    },
  });
  // A double click on Add NFT, Copy or the dialog's Delete sends one request: the second click sends nothing
  // while the first is in flight (the pending state has not rendered yet when it lands).
  const addOnce = useSubmitOnce();
  const duplicateOnce = useSubmitOnce();
  const removeOnce = useSubmitOnce();
  const duplicate = useMutation({
    // 001 §4: a copy titled 'COPY OF …' with its splits made again (the API's duplicate call).
    mutationFn: async (entry: NftEntry) => {
      await autosave.flushAll();
      const cid = await ensureCollection();
      return studioApi.duplicateNft(slug, cid, entry.id);
    },
    onSuccess: (nft) => {
      const entry = entryOf(nft, values.dropMechanics);
      remember(entry);
      setNfts((current) => [...(current ?? []), entry]);
      setSelected(nft.id);
    },
  });
  const remove = useMutation({
    mutationFn: async (entry: NftEntry) => {
      const cid = collectionId.current;
      if (cid !== null) await studioApi.deleteNft(slug, cid, entry.id);
      return entry.id;
    },
    onSuccess: (id) => {
      autosave.drop(`nft:${id}`);
      autosave.drop(`criteria:${id}`);
      criteriaDrafts.current.delete(id);
      holdCriteria(id, 0);
      setNfts((current) => current?.filter((e) => e.id !== id) ?? current);
      setSelected((current) => (current === id ? null : current));
      setDeleting(null);
    },
  });
  const move = (entry: NftEntry, step: -1 | 1) => {
    const index = sorted.findIndex((e) => e.id === entry.id);
    const other = sorted[index + step];
    if (!other) return;
    // Positions 1..n in the new order: the two swap places, the others keep theirs.
    const order = [...sorted];
    order[index] = other;
    order[index + step] = entry;
    order.forEach((e, i) => {
      if (String(i + 1) !== e.form.sortOrder) changeNft(e.id, { sortOrder: String(i + 1) });
    });
  };

  // ---- publishing (001 §4, §8) ----
  const navigate = useNavigate();
  /**
   * After the terms: the drop's publisher fee (decision 017). Created (or the existing one answered); paid
   * already → publish here; else the fee page `/publish-drop/{drop}/?piid={fee}` pays it and publishes.
   */
  // A double click on Publish starts one publishing: set at the click, before the busy state renders, and
  // cleared when the steps it started have settled.
  const publishing = useRef(false);
  const payFee = useMutation({
    mutationFn: () => studioApi.createPublisherFee(initial.id),
    onSuccess: ({ publisherFee: fee }) => {
      if (fee.paymentState === 'paid') publish.mutate();
      else {
        publishing.current = false;
        void navigate(`/publish-drop/${fee.collectionTemplate}/?piid=${fee.publisherFeeId}`);
      }
    },
    onError: () => {
      publishing.current = false;
      const detail = STUDIO_MESSAGES.publishServerErrorDetail;
      setNotice({ tone: 'error', title: STUDIO_MESSAGES.publishServerErrorTitle, detail });
      toast.error(STUDIO_MESSAGES.publishServerErrorTitle, detail);
    },
  });
  const publish = useMutation({
    mutationFn: () => studioApi.publish(slug, initial.id),
    onSettled: (_answer, error) => {
      // A publish refused for its fee goes on to the fee (payFee), which clears it when it settles.
      if (!error || publishOutcome(error).kind !== 'fee') publishing.current = false;
    },
    onSuccess: (answer) => {
      setServerDrop((current) => ({ ...current, ...answer }));
      setServerErrors({});
      setShowAll(false);
      setNotice({ tone: 'success', title: STUDIO_MESSAGES.publishSucceeded });
      toast.success(STUDIO_MESSAGES.publishSucceeded);
      void queryClient.invalidateQueries({ queryKey: studioKeys.drops(slug) });
    },
    onError: (error) => {
      const outcome = publishOutcome(error);
      if (outcome.kind === 'terms') {
        setTermsOpen(true);
        return;
      }
      if (outcome.kind === 'fee') {
        payFee.mutate();
        return;
      }
      if (outcome.kind === 'server') {
        const detail = STUDIO_MESSAGES.publishServerErrorDetail;
        setNotice({ tone: 'error', title: STUDIO_MESSAGES.publishServerErrorTitle, detail });
        toast.error(STUDIO_MESSAGES.publishServerErrorTitle, detail);
        return;
      }
      setServerErrors(outcome.fields);
      publishFailed();
    },
  });
  const [preparing, setPreparing] = useState(false);
  /** 001 §8: the publish failure, every errored field shown. */
  const publishFailed = () => {
    setShowAll(true);
    const detail = STUDIO_MESSAGES.publishFailedDetail;
    setNotice({ tone: 'error', title: STUDIO_MESSAGES.publishFailedTitle, detail });
    toast.error(STUDIO_MESSAGES.publishFailedTitle, detail);
  };
  const startPublish = async () => {
    if (publishing.current) return;
    setNotice(null);
    // The editor's values are what gets published: a field the rules refuse fails here, as the API would.
    if (!valid) {
      publishFailed();
      return;
    }
    publishing.current = true;
    let started = false;
    setPreparing(true);
    try {
      // Changes kept back while a field was at fault pass the rules now: they go with the rest.
      for (const [key, count] of Object.entries(heldRef.current)) {
        if (count === 0) continue;
        if (key === 'drop') autosave.change('drop', values, saveDrop);
        const entry = nfts?.find((e) => `nft:${e.id}` === key);
        if (entry) autosave.change(key, entry.form, (form: NftForm) => saveNft(entry.id, form));
      }
      const saved = await autosave.flushAll();
      if (!saved) {
        setNotice({ tone: 'error', title: 'Your latest changes are not saved yet.', detail: 'Try again.' });
        return;
      }
      if (Object.values(heldRef.current).some((n) => n > 0)) {
        publishFailed();
        return;
      }
      const approval = await studioApi.tosApproval(slug).catch(() => ({ approved: false }));
      if (!approval.approved) {
        setTermsOpen(true);
        return;
      }
      started = true;
      // The API checks every rule before it asks for the fee (402 `publisher_fee_required`, then `payFee`): a drop it
      // would refuse is said here, before any money is taken (QA 2026-12-07: the fee was paid first, then refused).
      publish.mutate();
    } finally {
      if (!started) publishing.current = false;
      setPreparing(false);
    }
  };

  const heldCount = Object.values(held).reduce((sum, n) => sum + n, 0);
  const selectedEntry = nfts?.find((e) => e.id === selected) ?? null;
  const publisher = { name: slug, slug };

  return (
    <>
      <DocumentTitle title={`${values.title || 'Drop'} · Drop editor · Vitrine`} />
      <header className={styles.editorHeader}>
        <div>
          <ButtonLink to={`/publishers/${encodeURIComponent(slug)}/drops`} variant="ghost" size="sm">
            ← Drops
          </ButtonLink>
          <h1>{values.title || 'Untitled Collection'}</h1>
          <span className={styles.status} data-status={label} data-testid="drop-status-label">
            {label}
          </span>
        </div>
        <div className={styles.toolbar}>
          <span
            className={styles.saveState}
            role="status"
            data-testid="autosave-state"
            data-state={autosave.state}
          >
            {AUTOSAVE_LABELS[autosave.state]}
          </span>
          {heldCount > 0 && autosave.state !== 'failed' ? (
            <span className={styles.saveState} data-testid="autosave-held">
              {heldCount === 1
                ? '1 change is kept here until its field is valid'
                : `${heldCount} changes are kept here until their fields are valid`}
            </span>
          ) : null}
          {autosave.state === 'failed' ? (
            <Button variant="secondary" size="sm" onClick={() => void autosave.flushAll()}>
              Retry now
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
            {preview ? 'Back to editor' : 'Preview'}
          </Button>
          {readOnly ? null : (
            <Button
              onClick={() => void startPublish()}
              loading={preparing || payFee.isPending || publish.isPending}
              data-testid="publish-drop"
            >
              Publish
            </Button>
          )}
        </div>
      </header>

      {readOnly ? (
        <FormAlert tone="info" testId="drop-read-only">
          This drop is {label.toLowerCase()}: it can be viewed, not edited.
        </FormAlert>
      ) : null}
      {/* The editor writes the drop the public pages read: said, since Publish does not hold the changes back
          (decision 017: a draft copy of a published drop is still to build). */}
      {label === 'Published' && !readOnly ? (
        <FormAlert tone="info" testId="drop-published-edits">
          This drop is published: each change shows on its public page as soon as it is saved. Publish checks
          every field again.
        </FormAlert>
      ) : null}
      {notice ? (
        <FormAlert tone={notice.tone} testId="publish-notice">
          <strong>{notice.title}</strong>
          {notice.detail ? <div>{notice.detail}</div> : null}
        </FormAlert>
      ) : null}
      {/* A view-only drop has nothing to fix (QA 2026-12-07: a live drop said its past dates need attention). */}
      {readOnly ? null : (
        <p className={styles.saveState} data-testid="drop-validity" data-valid={valid}>
          {valid
            ? 'Every required field passes.'
            : `${invalidDropFields} drop field(s) and ${invalidNfts} NFT(s) need attention.`}
        </p>
      )}

      {preview ? (
        <DropPreview drop={values} nfts={sorted.map((e) => e.form)} publisher={publisher} />
      ) : (
        <>
          <fieldset className={styles.section} disabled={readOnly} data-testid="collection-info">
            <legend>Collection info</legend>
            <div className={styles.grid}>
              <Field form={dropFields} name="title" label="Title" />
              <Field form={dropFields} name="slug" label="Slug" />
              <Field form={collectionFields} name="collectionName" label="Collection name" />
              <AreaField form={dropFields} name="introText" label="Intro text" className={styles.wide} />
              {/* Each picture: uploaded here (the URL filled in) or given as a URL. */}
              {IMAGE_FIELDS.map(({ name, label, upload }) => (
                <div key={name}>
                  <Field form={dropFields} name={name} label={label} />
                  <Uploader
                    slug={slug}
                    purpose="image"
                    label={upload}
                    testId={`${name}-uploader`}
                    disabled={readOnly}
                    onUploaded={(r) => {
                      dropFields.set(name, r.mediaUrl ?? '');
                      dropFields.touch(name);
                    }}
                  />
                </div>
              ))}
              <Field form={dropFields} name="customBannerAltText" label="Banner alt text" />
              <Field form={dropFields} name="introVideo" label="Intro video (YouTube URL)" type="url" />
              <ChoiceField
                form={dropFields}
                name="chain"
                label="Chain"
                options={CHAINS.map((c) => ({ value: c, label: c }))}
              />
              <Field
                form={dropFields}
                name="visibleStartDateTime"
                label="Visible from"
                type="datetime-local"
              />
              <Field
                form={dropFields}
                name="visibleEndDateTime"
                label="Visible until"
                type="datetime-local"
              />
              <Field form={dropFields} name="signerAddress" label="Signer address" />
              <Field form={dropFields} name="externalOwnerAddress" label="External owner address" />
            </div>
          </fieldset>

          <div className={styles.layout}>
            <section aria-label="NFTs" data-testid="nft-list">
              <h2 className={styles.sectionTitle}>NFTs</h2>
              {nfts === null ? (
                nftsQuery.isError ? (
                  <ErrorFallback
                    title="We couldn't load the NFTs."
                    onRetry={() => void nftsQuery.refetch()}
                    retrying={nftsQuery.isFetching}
                  />
                ) : (
                  <Skeleton height={120} />
                )
              ) : (
                <ul className={styles.nftList}>
                  {sorted.map((entry, index) => {
                    const invalid =
                      Object.keys(nftErrors.get(entry.id) ?? {}).length > 0 ||
                      criteriaHeld(entry.id) ||
                      Object.keys(serverErrors).some((k) => k.startsWith(`nfts.${entry.id}.`));
                    return (
                      <li
                        key={entry.id}
                        className={styles.nftItem}
                        data-selected={entry.id === selected}
                        data-invalid={!readOnly && invalid}
                        data-testid="nft-list-item"
                      >
                        <button
                          type="button"
                          className={styles.nftName}
                          onClick={() => setSelected(entry.id)}
                          aria-current={entry.id === selected || undefined}
                        >
                          {entry.form.title || DEFAULT_NFT_TITLE}
                        </button>
                        {readOnly ? null : (
                          <>
                            <button
                              type="button"
                              className={styles.iconButton}
                              aria-label={`Move ${entry.form.title} up`}
                              disabled={index === 0}
                              onClick={() => move(entry, -1)}
                            >
                              ↑
                            </button>
                            <button
                              type="button"
                              className={styles.iconButton}
                              aria-label={`Move ${entry.form.title} down`}
                              disabled={index === sorted.length - 1}
                              onClick={() => move(entry, 1)}
                            >
                              ↓
                            </button>
                            <button
                              type="button"
                              className={styles.iconButton}
                              aria-label={`Duplicate ${entry.form.title}`}
                              disabled={duplicate.isPending}
                              onClick={() => duplicateOnce.send(duplicate, entry)}
                            >
                              Copy
                            </button>
                            <button
                              type="button"
                              className={styles.iconButton}
                              aria-label={`Delete ${entry.form.title}`}
                              onClick={() => setDeleting(entry)}
                            >
                              ×
                            </button>
                          </>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
              {dropErrors.nfts && showAll ? <p className={styles.error}>{dropErrors.nfts}</p> : null}
              {readOnly ? null : (
                <Button
                  variant="secondary"
                  onClick={() => addOnce.send(add, undefined)}
                  loading={add.isPending}
                  disabled={nfts === null}
                  data-testid="add-nft"
                >
                  Add NFT
                </Button>
              )}
              {add.isError || duplicate.isError ? (
                <FormAlert>{(add.error ?? duplicate.error)?.message}</FormAlert>
              ) : null}
            </section>
            <div>
              {selectedEntry ? (
                <NftEditor
                  key={selectedEntry.id}
                  form={selectedEntry.form}
                  errors={{
                    ...(nftErrors.get(selectedEntry.id) ?? {}),
                    ...Object.fromEntries(
                      Object.entries(serverErrors)
                        .filter(([k]) => k.startsWith(`nfts.${selectedEntry.id}.`))
                        .map(([k, m]) => [k.slice(`nfts.${selectedEntry.id}.`.length), m]),
                    ),
                  }}
                  visible={(field) =>
                    showAll ||
                    selectedEntry.touched.has(field) ||
                    Object.keys(serverErrors).some((k) => k.startsWith(`nfts.${selectedEntry.id}.${field}`))
                  }
                  dirty={(field) =>
                    JSON.stringify(selectedEntry.form[field]) !==
                    JSON.stringify(selectedEntry.baseline[field])
                  }
                  disabled={readOnly}
                  onChange={(patch) => changeNft(selectedEntry.id, patch)}
                  onTouch={(...fields) => touchNft(selectedEntry.id, ...fields)}
                />
              ) : null}
              {selectedEntry && collectionId.current !== null ? (
                <CriteriaEditor
                  key={`criteria-${selectedEntry.id}`}
                  slug={slug}
                  collectionId={collectionId.current}
                  nftId={selectedEntry.id}
                  disabled={readOnly}
                  onChange={(key, save) => autosave.change(key, Date.now(), () => save())}
                  onHeld={(count) => holdCriteria(selectedEntry.id, count)}
                  drafts={criteriaDrafts.current}
                />
              ) : null}
              {selectedEntry ? null : (
                <p className={styles.empty}>
                  {nfts && nfts.length === 0 ? 'Add an NFT to this drop.' : 'Choose an NFT to edit it.'}
                </p>
              )}
            </div>
          </div>
        </>
      )}

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this NFT?"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) removeOnce.send(remove, deleting);
        }}
        testId="delete-nft-dialog"
      >
        <p>“{deleting?.form.title}” will be removed from this drop.</p>
        {remove.isError ? <FormAlert>{remove.error.message}</FormAlert> : null}
      </Dialog>
      <PublisherTermsDialog
        slug={slug}
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAgreed={() => {
          setTermsOpen(false);
          toast.success(PUBLISHER_TERMS_AGREED);
          publishing.current = true;
          publish.mutate();
        }}
      />
    </>
  );
}
