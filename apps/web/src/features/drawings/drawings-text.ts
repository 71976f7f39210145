/** A drawing's entry count in words: 'entry' for one, 'entries' for none or several (000 §5 plural suffix). */
export function entriesText(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}
