import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../features/member/account-page.tsx';

export const Route = createFileRoute('/account')({
  component: AccountPage,
});
