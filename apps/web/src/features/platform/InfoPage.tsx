import { useMatches } from 'react-router';
import { Page } from '../../ui/Page';

export interface InfoPageHandle {
  title: string;
}

function isInfoHandle(handle: unknown): handle is InfoPageHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as InfoPageHandle).title === 'string'
  );
}

/** The footer's information pages (About, Terms of Use, …); the route's `handle.title` names the page. */
export function InfoPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  const title = isInfoHandle(handle) ? handle.title : 'Vitrine';
  return <Page title={title} testId="info-page" />;
}
