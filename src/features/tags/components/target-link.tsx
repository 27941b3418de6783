import type { MouseEvent, ReactNode } from 'react';
import { hrefOf, useAppNavigate } from '../../../lib/navigation.ts';
import type { TagTarget } from '../tag-targets.ts';

/** A real link (new tab, keyboard, copy) that navigates inside the app on a plain click. */
export function TargetLink({
  target,
  className,
  children,
  testId,
  current,
}: {
  target: TagTarget;
  className?: string;
  children: ReactNode;
  testId?: string;
  current?: boolean;
}) {
  const navigate = useAppNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(target.to, target.search);
  };
  return (
    <a href={hrefOf(target.to, target.search)} className={className} onClick={open} data-testid={testId} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
