import { useEffect, useRef } from 'react';
import { openModal, useIsModalOpen, type ModalName } from '../../stores/modals';

/** The control that opened each modal, to give focus back to when it closes. */
const openers = new Map<ModalName, HTMLElement>();

/** Opens a named modal, remembering the control that opened it. */
export function openModalFrom(name: ModalName, opener: HTMLElement | null): void {
  if (opener) openers.set(name, opener);
  openModal(name);
}

/**
 * Focus goes back to the opener when the modal closes (the modal is taken
 * out of the page, which would otherwise leave focus on the body). Call it
 * where the modal is rendered.
 */
export function useFocusReturn(name: ModalName): void {
  const open = useIsModalOpen(name);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      const opener = openers.get(name);
      openers.delete(name);
      if (opener?.isConnected) opener.focus();
    }
    wasOpen.current = open;
  }, [open, name]);
}
