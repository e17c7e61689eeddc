import { MESSAGES } from '@vgl/shared';
import { ErrorScreen } from './ErrorScreen';

export function NotFoundPage() {
  return <ErrorScreen code={404} title="Error 404" message={MESSAGES.errors.notFound} />;
}
