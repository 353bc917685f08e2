// Loaded only in paper mode (UpstreamBadge imports it lazily), so the sandbox and live screens do not
// carry it in their first JS.
import { useEffect } from 'react';

const TITLE_MARK = 'PAPER · ';

/**
 * Paper mode's unmistakable chrome (issue 22 item 1): a violet frame around the whole app and
 * "PAPER · " in front of the document title, kept there when other code rewrites the title.
 */
export function PaperFrame() {
  useEffect(() => {
    const mark = () => {
      if (!document.title.startsWith(TITLE_MARK))
        document.title = `${TITLE_MARK}${document.title.replace(TITLE_MARK, '')}`;
    };
    mark();
    const el = document.querySelector('title');
    const mo = el ? new MutationObserver(mark) : null;
    if (el) mo?.observe(el, { childList: true, characterData: true, subtree: true });
    return () => {
      mo?.disconnect();
      document.title = document.title.replace(TITLE_MARK, '');
    };
  }, []);
  return (
    <div
      aria-hidden="true"
      data-testid="paper-frame"
      className="pointer-events-none fixed inset-0 z-[9999] border-[3px] border-[#a855f7]"
    />
  );
}
