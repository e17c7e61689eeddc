import { INSTANCE_LIMITS, normaliseDomain, type InstancePolicy, type InstanceRule } from '@vgl/shared';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/form/TextField';
import { serverFieldErrors } from '../settings/fieldErrors';
import { useInstanceRules, useLiftInstanceRule, useSetInstanceRule } from './dashboardApi';
import { ListStatus } from './ListControls';
import { Moment } from './Moment';
import styles from './dashboard.module.css';
import rules from './InstanceRulesSection.module.css';

const POLICY_NAMES: Record<InstancePolicy, string> = { block: 'Blocked', silence: 'Silenced' };
const count = (n: number) => n.toLocaleString('en-US');

/**
 * The Federation tab's instance blocks and silences (issue 40): a form to
 * block or silence a domain (its subdomains too), and the rules with the
 * follows each still covers. Shown whether federation is on or not: a server
 * can be blocked before the instance starts federating.
 */
export function InstanceRulesSection() {
  const list = useInstanceRules();
  return (
    <>
      <h3 className={styles.subheading}>Blocked and silenced servers</h3>
      <p className={styles.hint}>
        Block: nothing from the server is accepted and nothing is sent to it; its accounts stop following members here. Silence: its accounts’ follows wait for each member’s approval, and
        nothing from it notifies anyone. A rule covers the domain’s subdomains too.
      </p>
      <RuleForm />
      {list.data ? <RulesTable rules={list.data} /> : <ListStatus what="blocked and silenced servers" error={list.error} count={null} />}
    </>
  );
}

function RuleForm() {
  const save = useSetInstanceRule();
  const [domain, setDomain] = useState('');
  const [policy, setPolicy] = useState<InstancePolicy>('block');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule (packages/shared), so a typo is explained before anything is sent.
    const checked = normaliseDomain(domain);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    save.mutate(
      { domain: checked.domain, policy, reason: reason.trim() },
      {
        onSuccess: () => {
          setDomain('');
          setReason('');
        },
        onError: (failure) => setError(serverFieldErrors(failure).domain),
      },
    );
  };

  return (
    <form className={rules.form} aria-label="Block or silence a server" onSubmit={submit} noValidate>
      <TextField name="instance-domain" label="Domain" placeholder="spam.example" autoComplete="off" spellCheck={false} value={domain} error={error} onChange={(e) => setDomain(e.target.value)} />
      <fieldset className={rules.policies}>
        <legend>Rule</legend>
        {(['block', 'silence'] as const).map((value) => (
          <label key={value}>
            <input type="radio" name="instance-policy" value={value} checked={policy === value} onChange={() => setPolicy(value)} />
            {value === 'block' ? 'Block' : 'Silence'}
          </label>
        ))}
      </fieldset>
      <TextField name="instance-reason" label="Reason (optional)" maxLength={INSTANCE_LIMITS.reasonMaxLength} value={reason} onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {policy === 'block' ? 'Block server' : 'Silence server'}
      </button>
    </form>
  );
}

function RulesTable({ rules: list }: { rules: InstanceRule[] }) {
  const lift = useLiftInstanceRule();
  if (list.length === 0) return <p className={styles.empty}>No server is blocked or silenced.</p>;
  return (
    <div className={styles.tableWrap} role="region" aria-label="Blocked and silenced servers table" tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>Blocked and silenced servers, with the follows of members each still has</caption>
        <thead>
          <tr>
            <th scope="col">Server</th>
            <th scope="col">Rule</th>
            <th scope="col" className={styles.number}>
              Followers here
            </th>
            <th scope="col">Reason</th>
            <th scope="col">Set by</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((rule) => (
            <tr key={rule.domain}>
              <th scope="row" className={styles.wrap}>
                {rule.domain}
              </th>
              <td>{POLICY_NAMES[rule.policy]}</td>
              <td className={styles.number}>{count(rule.followers)}</td>
              <td className={styles.wrap}>{rule.reason ?? '—'}</td>
              <td>
                {rule.createdBy ?? 'A former moderator'}, <Moment at={rule.createdAt} />
              </td>
              <td>
                <button type="button" className="button button-ghost button-small" disabled={lift.isPending} onClick={() => lift.mutate(rule)}>
                  {rule.policy === 'block' ? 'Unblock' : 'Unsilence'}
                  <span className={styles.visuallyHidden}> {rule.domain}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
