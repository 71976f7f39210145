import { type AnchorHTMLAttributes, forwardRef } from 'react';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of this app ('/explore/drops'). */
  to: string;
}

/**
 * An internal link: a plain anchor, which the app's one click listener (app/link-clicks.ts) turns into a
 * client-side navigation. React Router's `Link` subscribes every link to the location and resolves its path
 * on each render; a page of cards holds a hundred links, and that was a fifth of its first render (issue #13).
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...rest }, ref) {
  return <a ref={ref} href={to} {...rest} />;
});
