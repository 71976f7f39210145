import { useLayoutEffect } from 'react';
import { titleStack } from './document-title';

let show: ((title: string) => () => void) | null = null;

/**
 * The document's title while this is rendered. Takes the place of a `<title>` element inside a component, which
 * React 19 hoists into <head> and Preact (the app's renderer, decision 011) would leave in the body.
 */
export function DocumentTitle({ title }: { title: string }) {
  useLayoutEffect(() => {
    show ??= titleStack(document);
    return show(title);
  }, [title]);
  return null;
}
