import { Screen } from '../../components/screen.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { Catalogue } from '../../i18n/zh-CN.ts';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import button from '../../components/ui/button.module.css';

/** Screens of SPEC §2 whose content is not built yet. */
export function PlaceholderPage({ page }: { page: keyof Catalogue['placeholders'] }) {
  const { t } = useTranslation();
  const title = t(`placeholders.${page}`);
  return (
    <Screen title={title}>
      <EmptyState
        title={t('common.comingSoon')}
        description={t('common.underConstruction', { title })}
        action={
          <Link to="/" className={button.primary}>
            {t('app.backHome')}
          </Link>
        }
      />
    </Screen>
  );
}
