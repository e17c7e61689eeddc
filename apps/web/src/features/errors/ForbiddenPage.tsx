import { MESSAGES } from '@vgl/shared';
import { ErrorScreen } from './ErrorScreen';

export function ForbiddenPage() {
  return <ErrorScreen code={403} title="Error 403" message={MESSAGES.errors.forbidden} />;
}
