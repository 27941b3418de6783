import type { MouseEvent, ReactNode } from 'react';
import { hrefOf, useAppNavigate, type SearchValue } from '../../../lib/navigation.ts';

export interface AppLinkProps {
  to: string;
  search?: Record<string, SearchValue>;
  className?: string;
  children: ReactNode;
  testId?: string;
  current?: boolean;
}

/** A real link (new tab, keyboard, copy) that navigates inside the app on a plain click. */
export function AppLink({ to, search, className, children, testId, current }: AppLinkProps) {
  const navigate = useAppNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to, search);
  };
  return (
    <a href={hrefOf(to, search)} className={className} onClick={open} data-testid={testId} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
