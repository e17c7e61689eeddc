import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { closeModal } from '../../stores/modals';
import { toastFailure } from '../settings/toastFailure';
import { useFocusReturn } from './modalFocus';
import styles from './lists.module.css';

const MODAL = 'list-delete';

/** A styled "are you sure" before a list is deleted (never the browser's confirm()). */
export function ConfirmDeleteDialog({ title, onConfirm }: { title: string; onConfirm: () => Promise<unknown> }) {
  useFocusReturn(MODAL);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      closeModal(MODAL);
    } catch (error) {
      toastFailure('Deleting the list', error);
      setPending(false);
    }
  }

  return (
    <Modal name={MODAL} title="Delete this list?">
      <div className={styles.confirm}>
        <p>
          “{title}” will be gone, with its games, likes and comments. This cannot be undone.
        </p>
        <div className={styles.buttons}>
          <button type="button" className="button button-danger" disabled={pending} onClick={() => void confirm()}>
            {pending ? 'Deleting…' : 'Delete list'}
          </button>
          <button type="button" className="button button-ghost" onClick={() => closeModal(MODAL)}>
            Keep it
          </button>
        </div>
      </div>
    </Modal>
  );
}
