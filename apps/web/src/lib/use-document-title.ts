import { useEffect } from 'react';

/** Sets the tab title to "<title> | WorkTrust" while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | WorkTrust` : 'WorkTrust';
  }, [title]);
}
