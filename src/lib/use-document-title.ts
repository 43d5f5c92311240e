import { useEffect } from 'react';
import { tabTitle } from '../contract/routes';

/** Sets the tab title to the page name plus the product suffix (SPEC §2). */
export function useDocumentTitle(pageName: string): void {
  useEffect(() => {
    document.title = tabTitle(pageName);
  }, [pageName]);
}
