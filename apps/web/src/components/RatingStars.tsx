import { RATING } from '@vgl/shared';

type IconSize = keyof typeof RATING.iconSizes;

/** A 0–10 rating as five stars with half stars (an odd value shows a half star, SPEC §1). */
export function RatingStars({ value, size = 'md' }: { value: number; size?: IconSize }) {
  const px = RATING.iconSizes[size];
  const stars = Math.max(0, Math.min(10, Math.round(value))) / 2;
  return (
    <span className="rating-stars" role="img" aria-label={`${stars} out of 5 stars`}>
      {Array.from({ length: RATING.stars }, (_, i) => {
        const fill = stars >= i + 1 ? 1 : stars >= i + 0.5 ? 0.5 : 0;
        return (
          <svg key={i} width={px} height={px} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <defs>
              <linearGradient id={`star-${i}-${fill}`}>
                <stop offset={`${fill * 100}%`} stopColor="var(--star)" />
                <stop offset={`${fill * 100}%`} stopColor="var(--surface-3)" />
              </linearGradient>
            </defs>
            <path fill={`url(#star-${i}-${fill})`} d="M12 2l2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.3 5.9 20.6l1.4-6.8L2.2 9.1l6.9-.8z" />
          </svg>
        );
      })}
    </span>
  );
}
