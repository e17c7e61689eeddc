import { TOKEN_LIMITS, TOKEN_MESSAGES, type AccessToken, type CreatedAccessToken, type TokenScope } from '@vgl/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { FormSection } from '../../components/form/FormSection';
import { TextField } from '../../components/form/TextField';
import { RelativeTime } from '../../components/RelativeTime';
import { formatFullDateTime } from '../../lib/relativeDate';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import styles from './ApiTokensPage.module.css';
import { serverFieldErrors } from './fieldErrors';
import settings from './settings.module.css';
import { toastFailure } from './toastFailure';
import { useAccessTokens, useCreateToken, useRevokeToken } from './tokensApi';

/** Served by the server (Swagger UI), not by the SPA: a plain link, never a router Link. */
const API_DOCS = '/api/docs';
const NAME_FIELD = 'token-name';
const LIST_HEADING = 'api-tokens-list';

const SCOPES: { scope: TokenScope; label: string; description: string }[] = [
  { scope: 'read', label: 'Read only', description: 'Looks at your library, diary, reviews and everything else you can see, and changes nothing.' },
  {
    scope: 'write',
    label: 'Read and write',
    description: 'Also adds, changes and removes games, diary entries, reviews, comments, likes and follows as you.',
  },
];

const scopeLabel = (scope: TokenScope) => (scope === 'write' ? 'Read and write' : 'Read only');

const createdDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The client's own check of the name, with the server's rules and messages. */
function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return TOKEN_MESSAGES.nameRequired;
  if (trimmed.length > TOKEN_LIMITS.nameMaxLength) return TOKEN_MESSAGES.nameTooLong;
  return undefined;
}

const focusById = (id: string) => window.setTimeout(() => document.getElementById(id)?.focus());

/**
 * The token just made, shown this once: read-only, selected on focus, with a
 * Copy button. It lives only in this component's state, so it is gone when
 * the member hides it or leaves the page.
 */
function CreatedToken({ created, onDismiss }: { created: CreatedAccessToken; onDismiss: () => void }) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  // Focus goes to the token, so a screen reader reads its label, the token and the warning;
  // the whole panel scrolls into view, so the warning above the field is not under the nav.
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard here');
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
      showToast({ variant: 'success', head: 'Copied', text: 'The token is on your clipboard.' });
    } catch (error) {
      console.error('Copying the token failed', error);
      input.current?.focus();
      input.current?.select();
      showToast({ variant: 'alert', text: 'The token could not be copied. It is selected: copy it with Ctrl+C (⌘C on a Mac).' });
    }
  };

  return (
    <div ref={panel} className={styles.created} role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Token “{created.name}” created</h3>
      <p id={`${id}-warning`} className={styles.warning}>
        <strong>Copy it now: it will not be shown again.</strong> VGL keeps only a fingerprint of it. If you lose it, revoke it and make a new one.
      </p>
      <label htmlFor={`${id}-token`} className={styles.label}>
        Your new token
      </label>
      <div className={styles.copyRow}>
        <input
          ref={input}
          id={`${id}-token`}
          className={styles.secret}
          type="text"
          readOnly
          value={created.token}
          aria-describedby={`${id}-warning`}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button-primary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className={settings.hint}>
        Send it with each request as <code>Authorization: Bearer {TOKEN_LIMITS.prefix}…</code>
      </p>
      <button type="button" className="button button-ghost" onClick={onDismiss}>
        Hide token
      </button>
    </div>
  );
}

/** "New token": a name and a scope; the answer's token is then shown once in place of the form. */
function NewTokenSection({ username, count }: { username: string; count: number | undefined }) {
  const id = useId();
  const create = useCreateToken(username);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({});
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  const errors = {
    name: (submitted ? nameError(name) : undefined) ?? serverErrors.name,
    scope: serverErrors.scope,
  };
  const full = count !== undefined && count >= TOKEN_LIMITS.perMember;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (create.isPending) return;
    if (nameError(name)) {
      focusById(`field-${NAME_FIELD}`);
      return;
    }
    try {
      const answer = await create.mutateAsync({ name: name.trim(), scope });
      setCreated(answer);
      setName('');
      setScope('read');
      setSubmitted(false);
      setServerErrors({});
      showToast({ variant: 'success', head: 'Token created', text: 'Copy it now: it will not be shown again.' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      toastFailure('Creating the token', error);
      if (fields.name) focusById(`field-${NAME_FIELD}`);
    }
  };

  const dismiss = () => {
    setCreated(null);
    focusById(`field-${NAME_FIELD}`);
  };

  return (
    <FormSection title="New token">
      {created ? (
        <CreatedToken created={created} onDismiss={dismiss} />
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate aria-busy={create.isPending}>
          {full && <p className={settings.hint}>{TOKEN_MESSAGES.tooMany}</p>}
          <TextField
            name={NAME_FIELD}
            label="Name"
            autoComplete="off"
            value={name}
            error={errors.name}
            hint={`What it is for, so you can tell it apart later (at most ${TOKEN_LIMITS.nameMaxLength} characters).`}
            onChange={(event) => {
              setName(event.target.value);
              setServerErrors((e) => ({ ...e, name: undefined }));
            }}
          />
          <fieldset
            className={styles.scopes}
            aria-invalid={errors.scope ? true : undefined}
            aria-describedby={errors.scope ? `${id}-scope-error` : undefined}
          >
            <legend>Scope</legend>
            {SCOPES.map((option) => (
              <div key={option.scope} className={styles.scope}>
                <input
                  id={`${id}-scope-${option.scope}`}
                  type="radio"
                  name="token-scope"
                  value={option.scope}
                  checked={scope === option.scope}
                  aria-describedby={`${id}-scope-${option.scope}-note`}
                  onChange={() => {
                    setScope(option.scope);
                    setServerErrors((e) => ({ ...e, scope: undefined }));
                  }}
                />
                <label htmlFor={`${id}-scope-${option.scope}`}>{option.label}</label>
                <p id={`${id}-scope-${option.scope}-note`} className={styles.scopeNote}>
                  {option.description}
                </p>
              </div>
            ))}
            {errors.scope && (
              <p id={`${id}-scope-error`} className={settings.error} role="alert">
                {errors.scope}
              </p>
            )}
          </fieldset>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create token'}
          </button>
        </form>
      )}
    </FormSection>
  );
}

/** One token: what it is, when it was made and last used, and Revoke with a confirmation in place. */
interface TokenRowProps {
  username: string;
  token: AccessToken;
  /** When the list was loaded, so every "Last used" counts from the same moment. */
  now: number;
  onRevoked: (token: AccessToken) => void;
}

function TokenRow({ username, token, now, onRevoked }: TokenRowProps) {
  const id = useId();
  const revoke = useRevokeToken(username);
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);

  const keep = () => {
    setConfirming(false);
    window.setTimeout(() => revokeButton.current?.focus());
  };

  const confirm = async () => {
    if (revoke.isPending) return;
    try {
      await revoke.mutateAsync(token.id);
      onRevoked(token);
    } catch (error) {
      toastFailure('Revoking the token', error);
    }
  };

  return (
    <li className={styles.token}>
      <div className={styles.tokenHead}>
        <h3>{token.name}</h3>
        <span className={styles.badge} data-scope={token.scope}>
          {scopeLabel(token.scope)}
        </span>
      </div>
      <p className={styles.facts}>
        <span>
          <span className={settings.srOnly}>Starts with </span>
          <code>{token.hint}…</code>
        </span>
        <span>
          Created{' '}
          <time dateTime={new Date(token.createdAt).toISOString()} title={formatFullDateTime(token.createdAt)}>
            {createdDate.format(token.createdAt)}
          </time>
        </span>
        <span>
          {token.lastUsedAt === null ? (
            'Never used'
          ) : (
            <>
              Last used <RelativeTime at={token.lastUsedAt} now={now} />
            </>
          )}
        </span>
      </p>
      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>Revoke “{token.name}”? Scripts and apps that use it stop working at once. This cannot be undone.</p>
          <div className={settings.actions}>
            {/* Focus moves here from Revoke, which this group replaces; the safe choice comes first. */}
            <button type="button" className="button button-ghost button-small" onClick={keep} disabled={revoke.isPending} autoFocus>
              Keep it
            </button>
            <button type="button" className="button button-danger button-small" onClick={() => void confirm()} aria-disabled={revoke.isPending || undefined}>
              {revoke.isPending ? 'Revoking…' : 'Yes, revoke'}
              <span className={settings.srOnly}> {token.name}</span>
            </button>
          </div>
        </div>
      ) : (
        <button ref={revokeButton} type="button" className="button button-ghost button-small" onClick={() => setConfirming(true)}>
          Revoke<span className={settings.srOnly}> {token.name}</span>
        </button>
      )}
    </li>
  );
}

/** "Your tokens": newest first, each with its scope, dates and Revoke. */
function TokensSection({ username }: { username: string }) {
  const tokens = useAccessTokens(username);

  const revoked = (token: AccessToken) => {
    showToast({ variant: 'success', head: 'Token revoked', text: `“${token.name}” no longer works.` });
    // The row is gone: focus goes to the list's heading, so the reader stays in the list.
    focusById(LIST_HEADING);
  };

  let body;
  if (tokens.isPending) body = <p className={settings.hint}>Loading your tokens…</p>;
  else if (tokens.isError)
    body = (
      <div className={settings.actions}>
        <p className={settings.error} role="alert">
          Your tokens could not be loaded.
        </p>
        <button type="button" className="button button-ghost button-small" onClick={() => void tokens.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (tokens.data.length === 0) body = <p className={settings.hint}>You have no tokens yet.</p>;
  else
    body = (
      <ul className={styles.tokens}>
        {tokens.data.map((token) => (
          <TokenRow key={token.id} username={username} token={token} now={tokens.dataUpdatedAt} onRevoked={revoked} />
        ))}
      </ul>
    );

  return (
    <FormSection title="Your tokens" headingId={LIST_HEADING} focusableHeading>
      {body}
    </FormSection>
  );
}

function ApiTokens({ username }: { username: string }) {
  usePageMeta({ title: 'API settings' });
  const tokens = useAccessTokens(username);
  return (
    <div className={settings.page}>
      <h1>API tokens</h1>
      <div className={styles.intro}>
        <p>
          Personal access tokens let your own scripts and apps call the VGL API as you: back up your library, log what you play from another tool, and
          so on. Each request sends one in its <code>Authorization: Bearer …</code> header.
        </p>
        <p>
          Treat a token like a password: whoever has it can do what its scope allows, until you revoke it. No token can change your account or make
          and revoke tokens; that takes signing in here.
        </p>
        <p>
          <a href={API_DOCS}>Read the API docs</a>
        </p>
      </div>
      <NewTokenSection username={username} count={tokens.data?.length} />
      <TokensSection username={username} />
    </div>
  );
}

/** /u/{username}/settings/api: the owner's personal access tokens — make one (shown once), see them, revoke them. */
export function ApiTokensPage() {
  const { username = '' } = useParams();
  const user = useAuth((s) => s.user);
  if (!user || user.username.toLowerCase() !== username.toLowerCase()) return <ForbiddenPage />;
  return <ApiTokens username={user.username} />;
}
