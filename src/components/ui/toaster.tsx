import { useSnapshot } from 'valtio';
import { toastStore } from '../../lib/toast.ts';

export function Toaster() {
  const { items } = useSnapshot(toastStore);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className="toast">
          {item.message}
        </div>
      ))}
    </div>
  );
}
