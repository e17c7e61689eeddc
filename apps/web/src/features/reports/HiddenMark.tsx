import { REPORT_MESSAGES } from '@vgl/shared';
import styles from './reports.module.css';

/** On what a moderator hid after a report, shown only to its author: everyone else no longer sees it. */
export function HiddenMark() {
  return (
    <span className={styles.hiddenMark} title="Only you and moderators can see it">
      {REPORT_MESSAGES.hiddenByModerator}
    </span>
  );
}
