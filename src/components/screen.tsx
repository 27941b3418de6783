import type { ReactNode } from 'react';
import { isUnknownId } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { PageHeader } from './page-header.tsx';
import { LoadFailed } from './ui/load-failed.tsx';
import layout from './ui/page.module.css';

export interface ScreenProps {
  /** The page header's title. */
  title: string;
  /** The page's own buttons at the end of its header (on phones the sub-page's one bar). */
  actions?: ReactNode;
  /** The feature's own page class, added to the shared page frame. */
  className?: string;
  testId?: string;
  /** Further data-* attributes that tests read (data-actress-id…). */
  data?: Record<`data-${string}`, string | number>;
  children?: ReactNode;
}

/** An inner page: the <main> frame, the header with its back button, and the page's content. */
export function Screen({ title, actions, className, testId, data, children }: ScreenProps) {
  useDocumentTitle(title);
  return (
    <main className={className ? `${layout.page} ${className}` : layout.page} data-testid={testId} {...data}>
      <PageHeader title={title} actions={actions} />
      {children}
    </main>
  );
}

export interface FailedScreenProps extends Omit<ScreenProps, 'children' | 'testId' | 'data'> {
  query: { error: unknown; refetch: () => unknown };
  /** What the page shows when the server does not know what it asked for. */
  notFound: ReactNode;
}

/** A page whose first load failed: its not-found page for an unknown id, else the failure and a retry. */
export function FailedScreen({ query, notFound, ...frame }: FailedScreenProps) {
  if (isUnknownId(query.error)) return notFound;
  return (
    <Screen {...frame}>
      <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
    </Screen>
  );
}
