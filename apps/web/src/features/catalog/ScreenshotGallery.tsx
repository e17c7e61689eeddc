import { igdbImageUrl } from '@vgl/shared';
import { useEffect, useRef, useState } from 'react';
import styles from './gameExtras.module.css';

interface Shot {
  id: string;
  kind: 'Screenshot' | 'Artwork';
}

/**
 * The game page's screenshots and artworks: a row of thumbnails; one opens
 * large in a dialog, where the arrow keys (or the buttons) move through them
 * and Escape closes it, handing focus back to the thumbnail it came from.
 */
export function ScreenshotGallery({ name, screenshots, artworks }: { name: string; screenshots: string[]; artworks: string[] }) {
  const shots: Shot[] = [...screenshots.map((id) => ({ id, kind: 'Screenshot' as const })), ...artworks.map((id) => ({ id, kind: 'Artwork' as const }))];
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  if (shots.length === 0) return null;
  const close = () => {
    const at = open;
    setOpen(null);
    if (at !== null) thumbs.current[at]?.focus();
  };
  return (
    <section className={styles.section} aria-labelledby="game-media">
      <h2 id="game-media">Screenshots</h2>
      <ul className={styles.gallery}>
        {shots.map((shot, i) => (
          <li key={`${shot.kind}-${shot.id}`}>
            <button
              type="button"
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              className={styles.thumb}
              onClick={() => setOpen(i)}
              aria-label={`${shot.kind} ${i + 1} of ${shots.length}: view large`}
            >
              <img src={igdbImageUrl(shot.id, 'screenshot_med')} alt="" width={569} height={320} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <Lightbox name={name} shots={shots} index={open} onMove={setOpen} onClose={close} />}
    </section>
  );
}

function Lightbox({ name, shots, index, onMove, onClose }: { name: string; shots: Shot[]; index: number; onMove: (i: number) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open && typeof d.showModal === 'function') d.showModal();
  }, []);
  const shot = shots[index]!;
  const move = (by: number) => onMove((index + by + shots.length) % shots.length);
  return (
    <dialog
      ref={dialog}
      className={styles.lightbox}
      aria-label={`${name}: ${shot.kind.toLowerCase()} ${index + 1} of ${shots.length}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        if (e.key === 'ArrowLeft') move(-1);
      }}
    >
      <figure>
        <img src={igdbImageUrl(shot.id, '1080p')} alt={`${name}, ${shot.kind.toLowerCase()} ${index + 1}`} />
        <figcaption>
          {shot.kind} {index + 1} of {shots.length}
        </figcaption>
      </figure>
      <div className={styles.lightboxControls}>
        {shots.length > 1 && (
          <button type="button" onClick={() => move(-1)}>
            ‹ Previous
          </button>
        )}
        {shots.length > 1 && (
          <button type="button" onClick={() => move(1)}>
            Next ›
          </button>
        )}
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
