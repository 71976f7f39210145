import type { ReactNode } from 'react';

/**
 * The small part of Markdown the terms use (headings, bullet lists, paragraphs, **bold**), rendered as
 * elements: the text is never parsed as HTML.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) {
      blocks.push(<p key={blocks.length}>{inline(paragraph.join(' '))}</p>);
      paragraph = [];
    }
    if (list.length) {
      const items = list;
      blocks.push(
        <ul key={blocks.length}>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static text's items, in order
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>,
      );
      list = [];
    }
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      const text = inline(heading[2] ?? '');
      // The dialog's own title is the page's heading: the terms' headings sit below it.
      blocks.push(level === 1 ? <h3 key={blocks.length}>{text}</h3> : <h4 key={blocks.length}>{text}</h4>);
    } else if (item) {
      if (paragraph.length) flush();
      list.push(item[1] ?? '');
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return <div className={className}>{blocks}</div>;
}

function inline(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .map((part, i) =>
      part.startsWith('**') && part.endsWith('**') ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one static line
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : (
        part
      ),
    );
}
