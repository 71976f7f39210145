/** What holds the title: the document, or any object with a `title` in tests. */
export interface TitleTarget {
  title: string;
}

/**
 * The titles the rendered components ask for, newest first shown: a page's title replaces the previous one while
 * it is shown, and when it goes the title before it comes back (the page's own `<title>` in index.html last), as
 * React 19 did with `<title>` elements it hoisted into <head>.
 */
export function titleStack(target: TitleTarget) {
  const fallback = target.title;
  const shown: { title: string }[] = [];
  const apply = () => {
    target.title = shown.at(-1)?.title ?? fallback;
  };
  /** Shows `title`; answers the function that takes it away again. */
  return function show(title: string): () => void {
    const entry = { title };
    shown.push(entry);
    apply();
    return () => {
      const index = shown.indexOf(entry);
      if (index >= 0) shown.splice(index, 1);
      apply();
    };
  };
}
