/** MM/DD/YYYY while typing: digits only, slashes added ('06152026' → '06/15/2026'). */
export function typedDateInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter((part) => part !== '');
  return parts.join('/');
}

/** 'YYYY-MM-DD' as the table's 'MM/DD/YYYY'. */
export function isoToTableDate(iso: string | null): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}
