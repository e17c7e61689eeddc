import styles from './GameCover.module.css';

interface GameCoverProps {
  name: string;
  cover: string | null;
  platform?: string | null;
  /** Eager for covers above the fold. */
  priority?: boolean;
  /** In a card whose link already names the game, the picture adds nothing for screen readers. */
  decorative?: boolean;
}

const IGDB_IMAGES = 'https://images.igdb.com/igdb/image/upload';

/** A hue from the title, so each placeholder has its own colour and keeps it. */
function hueOf(text: string): number {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** The big cover from IGDB's image service (SPEC §9), or a generated placeholder showing title and platform. */
export function GameCover({ name, cover, platform, priority = false, decorative = false }: GameCoverProps) {
  if (cover) {
    return (
      <img
        className={styles.cover}
        src={`${IGDB_IMAGES}/t_cover_big/${cover}.jpg`}
        srcSet={`${IGDB_IMAGES}/t_cover_big/${cover}.jpg 1x, ${IGDB_IMAGES}/t_cover_big_2x/${cover}.jpg 2x`}
        width={264}
        height={374}
        alt={decorative ? '' : `Cover of ${name}`}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  }
  const hue = hueOf(name);
  return (
    <div
      className={styles.placeholder}
      style={{ background: `linear-gradient(160deg, hsl(${hue} 55% 32%), hsl(${(hue + 50) % 360} 50% 16%))` }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `No cover for ${name}` })}
    >
      <span className={styles.title}>{name}</span>
      {platform && <span className={styles.platform}>{platform}</span>}
    </div>
  );
}
