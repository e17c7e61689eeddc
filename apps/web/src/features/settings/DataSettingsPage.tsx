import { useState } from 'react';
import { useParams } from 'react-router';
import { FormSection } from '../../components/form/FormSection';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import styles from './DataSettingsPage.module.css';
import { downloadExport } from './dataApi';
import { ImportSection } from './ImportSection';
import { toastFailure } from './toastFailure';

function ExportSection({ username }: { username: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExport(username);
    } catch (error) {
      toastFailure('The export', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormSection title="Export" headingId="data-export">
      <p className={styles.hint}>Your library, with ratings and reviews, as a CSV file you can open in a spreadsheet or bring to another site.</p>
      <button type="button" className="button button-primary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? 'Preparing…' : 'Download CSV'}
      </button>
    </FormSection>
  );
}

function DataSettings({ username }: { username: string }) {
  usePageMeta({ title: 'Data settings' });
  return (
    <div className={styles.page}>
      <h1>Your data</h1>
      <ExportSection username={username} />
      <ImportSection username={username} />
    </div>
  );
}

/** /u/{username}/settings/data: export the library as CSV, or import a file or a Steam library (preview first, then apply). */
export function DataSettingsPage() {
  const { username = '' } = useParams();
  const user = useAuth((s) => s.user);
  if (!user || user.username.toLowerCase() !== username.toLowerCase()) return <ForbiddenPage />;
  return <DataSettings username={user.username} />;
}
