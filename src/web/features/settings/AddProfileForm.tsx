// Add a key profile. The secret / private key field is write-only: never prefilled, cleared as soon as
// the request is sent, and kept only in this component's state until then (never in storage or a URL).
import { type CSSProperties, type FormEvent, useState } from 'react';
import { ApiError } from '../../../core/errors.js';
import { Button, ErrorState } from '../../components/index.js';
import { errorSentence } from '../../lib/errorText.js';
import { useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';
import {
  isLoopbackUrl,
  KeystoreProtection,
  NO_PROTECTION,
  type Protection,
  protectionBody,
  protectionProblem,
} from './KeystoreProtection.js';
import { type AddedKeyInfo, useAddProfile, useProfiles } from './queries.js';

const inputCls =
  'h-8 w-full rounded border border-line bg-panel2 px-2 text-[12px] text-fg outline-none focus:border-accent';

export function AddProfileForm() {
  const t = useT();
  const add = useAddProfile();
  const [label, setLabel] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [type, setType] = useState<'hmac-sha256' | 'ed25519'>('hmac-sha256');
  const [secret, setSecret] = useState('');
  const [allowWithdrawals, setAllowWithdrawals] = useState(false);
  const [upstream, setUpstream] = useState<'' | 'live' | 'former' | 'custom'>('');
  const [customUrl, setCustomUrl] = useState('');
  const upstreamValue = upstream === 'custom' ? customUrl.trim() : upstream;
  const upstreamOk = upstream !== 'custom' || /^https?:\/\/[^\s/]+/.test(customUrl.trim());
  const [added, setAdded] = useState<{ label: string; keyInfo?: AddedKeyInfo; sealed?: boolean } | null>(
    null,
  );
  const [protection, setProtection] = useState<Protection>(NO_PROTECTION);
  const sessionLive = useSession().data?.upstream.live === true;
  const keystoreEncrypted = useProfiles().data?.keystoreEncrypted === true;
  // a key that may be used on the live exchange is kept encrypted unless the user chooses otherwise (issue 18
  // item 9); the proxy decides too and answers KEYSTORE_PASSPHRASE_REQUIRED if this guess was wrong
  const mayBeLive =
    upstream === 'live' ||
    upstream === 'former' ||
    (upstream === 'custom' && !isLoopbackUrl(customUrl)) ||
    (upstream === '' && sessionLive);
  const serverAsks = add.error instanceof ApiError && add.error.code === 'KEYSTORE_PASSPHRASE_REQUIRED';
  const askProtection = !keystoreEncrypted && (mayBeLive || serverAsks);
  const protectionOk = !askProtection || protectionProblem(protection) === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s = secret;
    const sealing = askProtection ? protectionBody(protection) : {};
    setSecret('');
    setProtection(NO_PROTECTION);
    setAdded(null);
    add.mutate(
      {
        label: label.trim(),
        apiKey: apiKey.trim(),
        type,
        ...(type === 'ed25519' ? { privateKeyPem: s } : { secret: s }),
        allowWithdrawals,
        ...(upstreamValue ? { upstream: upstreamValue } : {}),
        ...sealing,
      },
      {
        onSuccess: (r) => {
          setAdded({ label: r.profile.label, keyInfo: r.keyInfo, sealed: 'passphrase' in sealing });
          setLabel('');
          setApiKey('');
          setAllowWithdrawals(false);
          setUpstream('');
          setCustomUrl('');
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-2 p-3" onSubmit={submit} autoComplete="off" data-testid="add-profile">
      <div className="grid grid-cols-[110px_1fr] items-center gap-2 text-[12px]">
        <label htmlFor="pf-label" className="text-dim">
          {t('acc.set.label')}
        </label>
        <input id="pf-label" className={inputCls} value={label} onChange={(e) => setLabel(e.target.value)} />
        <label htmlFor="pf-key" className="text-dim">
          {t('acc.set.apiKey')}
        </label>
        <input
          id="pf-key"
          className={`${inputCls} num`}
          value={apiKey}
          spellCheck={false}
          onChange={(e) => setApiKey(e.target.value)}
        />
        <label htmlFor="pf-type" className="text-dim">
          {t('acc.set.type')}
        </label>
        <select
          id="pf-type"
          className={inputCls}
          value={type}
          onChange={(e) => setType(e.target.value as 'hmac-sha256' | 'ed25519')}
        >
          <option value="hmac-sha256">HMAC-SHA256</option>
          <option value="ed25519">ED25519</option>
        </select>
        <label htmlFor="pf-secret" className="self-start pt-2 text-dim">
          {type === 'ed25519' ? t('acc.set.privateKey') : t('acc.set.secret')}
        </label>
        {type === 'ed25519' ? (
          <textarea
            id="pf-secret"
            className={`${inputCls} num h-24 py-1`}
            style={{ WebkitTextSecurity: 'disc' } as CSSProperties}
            value={secret}
            spellCheck={false}
            autoComplete="off"
            placeholder="PKCS#8 PEM (ED25519 private key)"
            onChange={(e) => setSecret(e.target.value)}
          />
        ) : (
          <input
            id="pf-secret"
            type="password"
            className={`${inputCls} num`}
            value={secret}
            autoComplete="new-password"
            onChange={(e) => setSecret(e.target.value)}
          />
        )}
        <label htmlFor="pf-upstream" className="text-dim">
          {t('acc.set.upstream')}
        </label>
        <div className="flex gap-2">
          <select
            id="pf-upstream"
            className={`${inputCls.replace('w-full', '')} ${upstream === 'custom' ? 'w-56 shrink-0' : 'w-full'}`}
            value={upstream}
            onChange={(e) => setUpstream(e.target.value as '' | 'live' | 'former' | 'custom')}
          >
            <option value="">{t('acc.set.upstreamDefault')}</option>
            <option value="live">live (api.digitalx.miraeasset.com)</option>
            <option value="former">former (api.korbit.co.kr)</option>
            <option value="custom">{t('acc.set.upstreamCustom')}</option>
          </select>
          {upstream === 'custom' && (
            <input
              className={`${inputCls} num flex-1`}
              placeholder="http://127.0.0.1:9999"
              value={customUrl}
              onChange={(e) => setCustomUrl(e.target.value)}
            />
          )}
        </div>
        <span />
        <label className="flex items-center gap-1.5 text-dim">
          <input
            type="checkbox"
            checked={allowWithdrawals}
            onChange={(e) => setAllowWithdrawals(e.target.checked)}
          />
          {t('acc.set.allowWithdrawals')}
        </label>
      </div>
      {askProtection && <KeystoreProtection value={protection} onChange={setProtection} />}
      <p className="text-[11px] text-dim">{t('acc.set.secretNote')}</p>
      <div className="flex items-center gap-2">
        <Button
          type="submit"
          variant="primary"
          disabled={!apiKey.trim() || !secret || !upstreamOk || !protectionOk || add.isPending}
          data-testid="add-profile-submit"
        >
          {t('acc.set.add')}
        </Button>
        {added && (
          <span className="text-[12px] text-emerald-500">{t('acc.set.added', { label: added.label })}</span>
        )}
      </div>
      {added?.sealed && (
        <p className="text-[11px] text-emerald-500" data-testid="keystore-sealed">
          {t('keystore.sealed')}
        </p>
      )}
      {added?.keyInfo && (
        <div className="text-[11px] text-dim" data-testid="added-key-info">
          <p>
            {t('doctor.keyCan', {
              list: added.keyInfo.permissions.map((p) => t(`acc.perm.${p}`)).join(', ') || '—',
            })}
          </p>
          <p>{t('doctor.keyAccounts', { list: added.keyInfo.allowedAccountSeqs.join(', ') || '—' })}</p>
        </div>
      )}
      {add.isError && <ErrorState compact error={add.error} />}
      {add.isError && <RejectedBecause error={add.error} />}
    </form>
  );
}

/** KEY_REJECTED carries the exchange's own code (KEY_NOT_FOUND, INVALID_SIGNATURE, ...): say it too. */
function RejectedBecause({ error }: { error: unknown }) {
  const lang = usePrefs((s) => s.language);
  if (!(error instanceof ApiError) || error.code !== 'KEY_REJECTED') return null;
  const upstream = /\b([A-Z][A-Z0-9_]{2,})$/.exec(error.description ?? '')?.[1];
  if (!upstream) return null;
  return (
    <p className="text-[11px] text-danger" data-testid="key-rejected-reason">
      {errorSentence(lang, upstream)} <code className="font-mono text-[10px]">{upstream}</code>
    </p>
  );
}
