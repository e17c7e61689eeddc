import { useState } from 'react';
import { NavLink } from 'react-router';
import { Brand } from '../../components/Brand';
import { ActivityIcon, BellIcon, CloseIcon, SearchIcon } from '../../components/icons';
import { useAuth } from '../../stores/auth';
import { openModal } from '../../stores/modals';
import { useNavData } from './navApi';
import styles from './NavBar.module.css';
import { SearchForm } from './SearchForm';
import { UserMenu } from './UserMenu';
import { SignUpLink } from '../auth/SignUpLink';

export function NavBar() {
  const user = useAuth((s) => s.user);
  const [searchOpen, setSearchOpen] = useState(false);
  const { avatar, unread, unreadNotifications } = useNavData(user?.username);

  return (
    <header className={styles.bar}>
      <nav className={`${styles.inner} ${searchOpen ? styles.searchOpen : ''}`} aria-label="Main">
        <Brand />

        <div className={styles.search}>
          {searchOpen && <SearchForm onDone={() => setSearchOpen(false)} />}
          <button
            type="button"
            className={styles.iconButton}
            aria-label={searchOpen ? 'Close search' : 'Open search'}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((v) => !v)}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
        </div>

        {user ? (
          <div className={styles.actions}>
            {/* Names come from the words (hidden on narrow screens), so the accessible name contains the visible label. */}
            <NavLink to="/activity" className={styles.iconLink}>
              <ActivityIcon />
              {unread && <span className={styles.dot} data-testid="unread-dot" />}
              <span className={styles.linkText}>Activity</span>
              {unread && <span className={styles.srOnly}> (new)</span>}
            </NavLink>
            <NavLink to="/notifications" className={styles.iconLink}>
              <BellIcon />
              {unreadNotifications > 0 && (
                <span className={styles.badge} aria-hidden="true">
                  {unreadNotifications > 99 ? '99+' : unreadNotifications}
                </span>
              )}
              <span className={styles.linkText}>Notifications</span>
              {unreadNotifications > 0 && <span className={styles.srOnly}>, {unreadNotifications} unread</span>}
            </NavLink>
            <UserMenu username={user.username} avatar={avatar === undefined ? user.avatar : avatar} />
          </div>
        ) : (
          <div className={styles.actions}>
            <SignUpLink className="button button-primary button-small">Create account</SignUpLink>
            <button type="button" className="button button-ghost button-small" onClick={() => openModal('login')}>
              Log in
            </button>
          </div>
        )}
      </nav>
    </header>
  );
}
