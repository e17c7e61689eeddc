import { TIMING } from '@vgl/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { closeModal, modalOpener, useIsModalOpen, type ModalName } from '../stores/modals';
import { CloseIcon } from './icons';
import styles from './Modal.module.css';

interface ModalProps {
  name: ModalName;
  title: string;
  children: ReactNode;
  /** Room for a long form (the library entry) instead of the login-sized panel. */
  wide?: boolean;
}

/**
 * A named modal (SPEC §3–4): shown while the modal store holds an entry of
 * its name. Escape, the close button or a click on the overlay start a
 * 250 ms closing animation, then remove the entry. Built on <dialog> so focus
 * stays inside and the page behind is inert. When it leaves, focus goes back
 * to the control that opened it (or to the page's main content when that
 * control is gone, e.g. "Log in" after logging in), never to <body>.
 */
export function Modal({ name, title, children, wide }: ModalProps) {
  const open = useIsModalOpen(name);
  return open ? (
    <ModalDialog name={name} title={title} wide={wide}>
      {children}
    </ModalDialog>
  ) : null;
}

function ModalDialog({ name, title, children, wide }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    // Read now: closing forgets it before the dialog leaves the page.
    const opener = modalOpener(name);
    return () => returnFocus(opener);
  }, [name]);

  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => closeModal(name), TIMING.modalCloseDelayMs);
    return () => window.clearTimeout(timer);
  }, [closing, name]);

  const requestClose = () => setClosing(true);

  return (
    <dialog
      ref={dialogRef}
      className={`${styles.overlay} ${closing ? styles.closing : ''}`}
      aria-labelledby={titleId}
      data-modal={name}
      onCancel={(event) => {
        // Escape: run our closing animation instead of the instant native close.
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <div className={wide ? `${styles.panel} ${styles.wide}` : styles.panel}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={requestClose} aria-label="Close">
            <CloseIcon />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}

/**
 * After the dialog left the page: unless something already has focus (a
 * field of the page it led to, or the dialog itself, still there under
 * StrictMode's trial unmount), give it to the opener.
 */
function returnFocus(opener: HTMLElement | undefined): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const target = opener?.isConnected ? opener : document.getElementById('main');
  target?.focus();
}
