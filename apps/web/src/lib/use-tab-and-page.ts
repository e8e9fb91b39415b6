// The tab and the page of a screen of tabbed lists, kept in the URL (`?tab=…&page=…`), so that a
// reload, a shared link and Back return to the same list and page. The first tab and page 1 are left
// out of the URL; anything else unknown there reads as them.
import { useSearchParams } from 'react-router';

export function useTabAndPage<Tab extends string>(tabs: readonly [Tab, ...Tab[]]) {
  const [params, setParams] = useSearchParams();
  const [first] = tabs;
  const tabParam = params.get('tab');
  const tab = tabs.find((known) => known === tabParam) ?? first;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  /** Another tab, at its first page. */
  const openTab = (next: Tab) => setParams(next === first ? {} : { tab: next });
  /** Another page of this tab's list, read from its top. */
  const changePage = (next: number) => {
    const search = new URLSearchParams();
    if (tab !== first) search.set('tab', tab);
    if (next > 1) search.set('page', String(next));
    setParams(search);
    window.scrollTo({ top: 0 });
  };
  return { tab, page, openTab, changePage };
}
