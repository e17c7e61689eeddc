import { Modal } from '../../components/Modal';
import { LoginForm } from './LoginForm';

/** The login modal of SPEC §2. */
export function LoginModal() {
  return (
    <Modal name="login" title="Log in">
      <LoginForm />
    </Modal>
  );
}
