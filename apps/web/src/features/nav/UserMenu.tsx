import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { ChevronDownIcon } from '../../components/icons';
import { signOut, useAuth } from '../../stores/auth';
import { canOpenDashboard } from '../dashboard/dashboardAccess';
import styles from './NavBar.module.css';

/** The avatar dropdown of SPEC §2, headed by the username; links use the lower-cased username. */
export function UserMenu({ username, avatar }: { username: string; avatar: string | null }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const base = `/u/${username.toLowerCase()}`;
  const staff = useAuth((s) => canOpenDashboard(s.user?.role));

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const links: [string, string][] = [
    ['Profile', base],
    ['Diary', `${base}/diary`],
    ['Library', `${base}/library`],
    ['Coming up', `${base}/coming-up`],
    ['Reviews', `${base}/reviews`],
    ['Friends', `${base}/following`],
    ['Settings', `${base}/settings`],
    // Moderators and admins only; the dashboard checks again, and the server on every call.
    ...(staff ? [['Dashboard', '/dashboard'] as [string, string]] : []),
  ];

  return (
    <div className={styles.userMenu} ref={rootRef}>
      <button
        type="button"
        className={styles.userButton}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar avatar={avatar} size="md" />
        <span className={styles.username}>{username}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <div id={menuId} className={styles.dropdown}>
          <p className={styles.dropdownHead}>{username}</p>
          <ul>
            {links.map(([label, to]) => (
              <li key={label}>
                <Link to={to} onClick={() => setOpen(false)}>
                  {label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => {
                  signOut();
                  navigate('/');
                }}
              >
                Log out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
