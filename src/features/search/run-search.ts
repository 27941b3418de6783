import { useAppNavigate } from '../../lib/navigation.ts';
import { addSearchRecord } from '../../stores/app-store.ts';

/** Runs a search: the term goes into the device's history and the results open. */
export function useRunSearch() {
  const navigate = useAppNavigate();
  return (term: string) => {
    const keyword = term.trim();
    if (!keyword) return;
    addSearchRecord(keyword);
    navigate('/searchResult', { keyword });
  };
}
