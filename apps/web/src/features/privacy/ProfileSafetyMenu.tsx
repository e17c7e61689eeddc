import type { ProfileOverview } from '@vgl/shared';
import { useState } from 'react';
import { toastFailure } from '../settings/toastFailure';
import { useAudienceToggle } from './privacyApi';
import styles from './privacy.module.css';

/**
 * Block and Mute on someone else's profile (signed in). Blocking asks first,
 * in place: it also ends the follows both ways. Each is undone here or in
 * Settings → Privacy.
 */
export function ProfileSafetyMenu({ profile }: { profile: ProfileOverview }) {
  const block = useAudienceToggle('block', profile.username);
  const mute = useAudienceToggle('mute', profile.username);
  const [confirming, setConfirming] = useState(false);
  // Visitors and the owner get null: nothing to show.
  if (profile.viewerBlocks === null || profile.viewerBlocks === undefined) return null;
  const blocks = profile.viewerBlocks;
  const mutes = profile.viewerMutes === true;
  const run = (toggle: typeof block, on: boolean, what: string) => toggle.mutate(on, { onError: (error) => toastFailure(what, error), onSuccess: () => setConfirming(false) });

  return (
    <div className={styles.menu} role="group" aria-label={`Block or mute ${profile.username}`}>
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label="Confirm block">
          <span>Block {profile.username}? You will stop following each other, and they will not see your things while signed in.</span>
          <button type="button" className="button button-danger button-small" disabled={block.isPending} onClick={() => run(block, true, 'Blocking')}>
            Block
          </button>
          <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button button-ghost button-small" disabled={block.isPending} onClick={() => (blocks ? run(block, false, 'Unblocking') : setConfirming(true))}>
          {blocks ? 'Unblock' : 'Block'}
        </button>
      )}
      <button type="button" className="button button-ghost button-small" aria-pressed={mutes} disabled={mute.isPending} onClick={() => run(mute, !mutes, mutes ? 'Unmuting' : 'Muting')}>
        {mutes ? 'Unmute' : 'Mute'}
      </button>
    </div>
  );
}

/** In place of a private member's tabs, for whoever is not an approved follower. */
export function PrivateProfileNotice({ requested }: { requested: boolean }) {
  return (
    <section className={styles.private} aria-labelledby="private-profile">
      <h2 id="private-profile">This profile is private.</h2>
      <p>{requested ? 'Your follow request is waiting for an answer.' : 'Follow this member to ask to see their games, diary, lists and reviews.'}</p>
    </section>
  );
}
