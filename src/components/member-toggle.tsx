import type { ReactNode } from 'react';
import { checkNoAuth } from '../stores/auth-store.ts';

export interface MemberToggleProps {
  /** The state the member sees now; a press asks for the other one. */
  on: boolean;
  mutation: { mutate: (on: boolean) => void; isPending: boolean };
  className?: string;
  testId: string;
  children: ReactNode;
}

/** A member's on/off action (关注, 收藏): guests are asked to sign in first (SPEC §6, protected actions). */
export function MemberToggle({ on, mutation, className, testId, children }: MemberToggleProps) {
  const toggle = () => {
    if (checkNoAuth()) return;
    mutation.mutate(!on);
  };
  return (
    <button type="button" className={className} aria-pressed={on} disabled={mutation.isPending} onClick={toggle} data-testid={testId}>
      {children}
    </button>
  );
}
