import { Link } from '@tanstack/react-router';
import { EmptyState } from './ui/empty-state.tsx';
import { PageHeader } from './page-header.tsx';
import button from './ui/button.module.css';
import layout from './ui/page.module.css';

export interface NotFoundPageProps {
  /** The page's own header title, as when it is found. */
  header: string;
  title: string;
  description: string;
  /** Where to go instead: a list of the same kind of thing, or home. */
  to: '/' | '/nav/reviews' | '/actressList' | '/tagList';
  linkLabel: string;
  testId: string;
  className?: string;
}

/** A detail page whose id is missing or unknown: the page header, what is missing, and a way on. */
export function NotFoundPage({ header, title, description, to, linkLabel, testId, className }: NotFoundPageProps) {
  return (
    <main className={className ? `${layout.page} ${className}` : layout.page} data-testid={testId}>
      <PageHeader title={header} />
      <EmptyState
        title={title}
        description={description}
        action={
          <Link to={to} className={button.primary}>
            {linkLabel}
          </Link>
        }
      />
    </main>
  );
}
