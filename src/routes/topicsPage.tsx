import { createFileRoute } from '@tanstack/react-router';
import { SORT_BY_NUMBER } from '../../protocol/content-api.ts';
import { TopicNotFound, TopicsPage } from '../features/topics/topics-page.tsx';
import { isValidId, numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/topicsPage')({
  validateSearch: numberSearch('id', 'sort'),
  component: function TopicsRoute() {
    const { id, sort } = Route.useSearch();
    if (!isValidId(id)) return <TopicNotFound />;
    // An order the server does not know reads as the default, so one sort tab is always selected.
    return <TopicsPage key={id} id={id} sort={sort !== undefined && SORT_BY_NUMBER[sort] ? sort : 0} />;
  },
});
