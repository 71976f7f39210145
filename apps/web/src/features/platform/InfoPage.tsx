import { useLocation, useMatches } from 'react-router';
import { Page } from '../../ui/Page';
import styles from './InfoPage.module.css';
import { INFO_CONTENT } from './info-content';

export interface InfoPageHandle {
  title: string;
}

function isInfoHandle(handle: unknown): handle is InfoPageHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as InfoPageHandle).title === 'string'
  );
}

/**
 * The footer's information pages (About, Terms of Use, …); the route's `handle.title` names the page and
 * its path picks the words (info-content.ts).
 */
export function InfoPage() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = matches[matches.length - 1]?.handle;
  const title = isInfoHandle(handle) ? handle.title : 'Vitrine';
  const content = INFO_CONTENT[pathname.replace(/^\/+|\/+$/g, '')];
  return (
    <Page title={title} description={content?.intro} testId="info-page">
      {content ? (
        <article className={styles.body} data-testid="info-content">
          {content.updated ? <p className={styles.updated}>{content.updated}</p> : null}
          {content.sections.map((section, index) => (
            <section key={section.heading ?? index} className={styles.section}>
              {section.heading ? <h2 className={styles.heading}>{section.heading}</h2> : null}
              {section.paragraphs?.map((text) => (
                <p key={text}>{text}</p>
              ))}
              {section.list ? (
                <ul className={styles.list}>
                  {section.list.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </article>
      ) : null}
    </Page>
  );
}
