import { CategoryMenu } from '../../components/category-menu.tsx';
import { useIsPc } from '../../stores/layout-store.ts';
import { VideoGrid } from './components/video-grid.tsx';
import styles from './home-page.module.css';

export interface HomePageProps {
  categoryId: number;
  title?: string;
}

export function HomePage({ categoryId, title }: HomePageProps) {
  // The desktop header already carries the category menu; a second one would only repeat it.
  const isPc = useIsPc();
  return (
    <div className={styles.page} data-testid="home-page" data-category-id={categoryId}>
      {isPc ? null : (
        <div className={styles.menu}>
          <CategoryMenu activeId={categoryId} />
        </div>
      )}
      <div className={styles.content}>
        {title ? <h1 className={styles.heading}>{title}</h1> : null}
        <VideoGrid key={categoryId} categoryId={categoryId} />
      </div>
    </div>
  );
}
