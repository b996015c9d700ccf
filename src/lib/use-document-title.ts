import { useEffect } from 'react';

/** Names the browser tab after the page, so screen readers announce where a navigation landed. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · PromoClicks`;
  }, [title]);
}
