import type { RemotePost } from '@vgl/shared';
import { RelativeTime } from '../../components/RelativeTime';
import { RemoteAccount } from './RemoteAccount';
import styles from './following.module.css';

/** Plain text as paragraphs (blank lines) and line breaks: React escapes every character of it. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split('\n\n')
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, i) => (
          <p key={i}>
            {paragraph.split('\n').map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {line}
              </span>
            ))}
          </p>
        ))}
    </>
  );
}

/** A post of an account followed elsewhere: who (linking out, "via host"), when, its warning, title, text and image, and a link to it there. */
export function RemotePostItem({ post, now }: { post: RemotePost; now: number }) {
  const { account } = post;
  const body = (
    <>
      {post.title && <h3 className={styles.title}>{post.title}</h3>}
      <Paragraphs text={post.text} />
      {post.image && <img className={styles.image} src={post.image.url} alt={post.image.alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />}
    </>
  );
  return (
    <li className={styles.post}>
      <article aria-label={`Post by ${account.name}`}>
        <header className={styles.byline}>
          <RemoteAccount actor={{ id: account.url, name: account.name, handle: account.handle, url: account.url, host: account.host }} withHandle className={styles.name} />
          <span className={styles.time}>
            <RelativeTime at={post.published} now={now} />
          </span>
        </header>
        <div className={styles.text}>
          {post.contentWarning ? (
            <details>
              <summary>{post.contentWarning}</summary>
              {body}
            </details>
          ) : (
            body
          )}
        </div>
        {post.url && (
          <a className={styles.link} href={post.url} target="_blank" rel="noopener noreferrer nofollow ugc">
            View on {account.host}
          </a>
        )}
      </article>
    </li>
  );
}
