import { Link, useRouterState } from '@tanstack/react-router';
import { checkNoAuth } from '../stores/auth-store.ts';
import { useIsLoggedIn } from '../stores/app-store.ts';

/** Mobile bottom navigation; guests asking for 我的 get the login popup instead. */
export function TabBar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const member = useIsLoggedIn();
  const cls = (path: string) => (pathname === path ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item');
  return (
    <nav className="tab-bar" aria-label="主导航">
      <Link to="/" className={cls('/')}>
        首页
      </Link>
      <Link to="/tagList" className={cls('/tagList')}>
        发现
      </Link>
      {member ? (
        <Link to="/mine" className={cls('/mine')}>
          我的
        </Link>
      ) : (
        <button type="button" className={cls('/mine')} onClick={() => checkNoAuth()}>
          我的
        </button>
      )}
    </nav>
  );
}
