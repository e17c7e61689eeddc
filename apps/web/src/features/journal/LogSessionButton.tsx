import { useEffect, useRef } from 'react';
import { Modal } from '../../components/Modal';
import { useAuth } from '../../stores/auth';
import { closeModal, openModal, useIsModalOpen } from '../../stores/modals';
import { SessionForm, type SessionGame } from './SessionForm';
import styles from './journal.module.css';

/**
 * "Log a session": opens the session form in the "log-session" modal, for
 * one game (on its page) or any game (on the diary, with a game picker).
 * Signed-in members only; focus comes back to the button when it closes.
 */
export function LogSessionButton({ game }: { game?: SessionGame }) {
  const username = useAuth((s) => s.user?.username);
  const open = useIsModalOpen('log-session');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!username) return null;
  const close = () => closeModal('log-session');
  return (
    <div className={styles.logControl}>
      <button ref={buttonRef} type="button" className="button button-ghost" onClick={() => openModal('log-session')}>
        Log a session
      </button>
      <Modal name="log-session" title={game ? `Log a session of ${game.name}` : 'Log a play session'} wide>
        <SessionForm username={username} game={game} entry={null} onSaved={close} onCancel={close} />
      </Modal>
    </div>
  );
}
