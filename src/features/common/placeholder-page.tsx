import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** Screens of SPEC §2 whose content is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="page">
      <PageHeader title={title} />
      <EmptyState
        title="内容即将上线"
        description={`${title}正在建设中`}
        action={
          <Link to="/" className="button button--primary">
            返回首页
          </Link>
        }
      />
    </main>
  );
}
