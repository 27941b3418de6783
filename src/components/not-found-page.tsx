import { Link } from '@tanstack/react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../i18n/index.ts';
import { Screen } from './screen.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import button from './ui/button.module.css';

export interface NotFoundPageProps {
  /** The feature whose `notFound` and `notFoundHint` strings say what is missing. */
  ns: 'actresses' | 'group' | 'messages' | 'posts' | 'reviews' | 'tags' | 'topics';
  /** The page's own header title, as when it is found. */
  header: ParseKeys;
  /** Where to go instead: a list of the same kind of thing, or home. */
  to: '/' | '/nav/reviews' | '/actressList' | '/tagList' | '/sysMsg' | '/group';
  link: ParseKeys;
  testId: string;
  className?: string;
}

/** A detail page whose id is missing or unknown: the page header, what is missing, and a way on. */
export function NotFoundPage({ ns, header, to, link, testId, className }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <Screen title={t(header)} className={className} testId={testId}>
      <EmptyState
        title={t(`${ns}.notFound`)}
        description={t(`${ns}.notFoundHint`)}
        action={
          <Link to={to} className={button.primary}>
            {t(link)}
          </Link>
        }
      />
    </Screen>
  );
}
