import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/support/contact-page.tsx';

export const Route = createFileRoute('/contactUs')({
  component: ContactPage,
});
