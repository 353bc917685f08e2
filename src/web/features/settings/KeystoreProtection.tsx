// How a key for the live exchange is kept (issue 18 item 9): a keystore passphrase (the proxy seals the whole
// keystore with it, scrypt + AES-256-GCM) or an explicit choice to store it unencrypted. Shown only when the new
// key may be used on the live exchange and no passphrase is in effect yet. Like the secret, the passphrase
// lives only in this form's state until it is sent.
import { useT } from '../../lib/i18n.js';

export const PASSPHRASE_MIN = 8;

export interface Protection {
  passphrase: string;
  repeat: string;
  plain: boolean;
}

export const NO_PROTECTION: Protection = { passphrase: '', repeat: '', plain: false };

/** Why the choice cannot be sent yet (a dictionary key), or null when it can. */
export function protectionProblem(p: Protection): string | null {
  if (p.plain) return null;
  if (p.passphrase.length < PASSPHRASE_MIN) return 'keystore.tooShort';
  if (p.passphrase !== p.repeat) return 'keystore.differ';
  return null;
}

/** The body fields for POST /api/profiles. */
export function protectionBody(p: Protection): { passphrase: string } | { storePlain: true } {
  return p.plain ? { storePlain: true } : { passphrase: p.passphrase };
}

/** A URL on this machine (the local sandbox) is not the live exchange. */
export function isLoopbackUrl(url: string): boolean {
  return /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/i.test(url.trim());
}

const inputCls =
  'h-8 w-full rounded border border-line bg-panel2 px-2 text-[12px] text-fg outline-none focus:border-accent';

/** A label and a new-password input: the two cells of one row of the protection grid. */
function NewPasswordRow(props: {
  id: string;
  label: string;
  disabled: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={props.id} className="text-dim">
        {props.label}
      </label>
      <input
        id={props.id}
        type="password"
        className={inputCls}
        autoComplete="new-password"
        disabled={props.disabled}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}

export function KeystoreProtection({
  value,
  onChange,
}: {
  value: Protection;
  onChange: (p: Protection) => void;
}) {
  const t = useT();
  const problem = protectionProblem(value);
  const typed = value.passphrase !== '' || value.repeat !== '';
  return (
    <fieldset
      className="flex flex-col gap-2 rounded border border-amber-500/40 p-2"
      data-testid="keystore-protection"
    >
      <legend className="px-1 text-[12px] text-fg">{t('keystore.title')}</legend>
      <p className="text-[11px] text-dim">{t('keystore.why')}</p>
      <div className="grid grid-cols-[110px_1fr] items-center gap-2 text-[12px]">
        <NewPasswordRow
          id="ks-pass"
          label={t('keystore.passphrase')}
          disabled={value.plain}
          value={value.passphrase}
          onChange={(passphrase) => onChange({ ...value, passphrase })}
        />
        <NewPasswordRow
          id="ks-repeat"
          label={t('keystore.repeat')}
          disabled={value.plain}
          value={value.repeat}
          onChange={(repeat) => onChange({ ...value, repeat })}
        />
      </div>
      {!value.plain && typed && problem && (
        <p className="text-[11px] text-danger" data-testid="keystore-problem">
          {t(problem, { n: PASSPHRASE_MIN })}
        </p>
      )}
      <p className="text-[11px] text-dim">{t('keystore.atStart')}</p>
      <label className="flex items-center gap-1.5 text-[12px] text-dim">
        <input
          type="checkbox"
          data-testid="keystore-plain"
          checked={value.plain}
          onChange={(e) => onChange({ ...NO_PROTECTION, plain: e.target.checked })}
        />
        {t('keystore.plain')}
      </label>
      {value.plain && <p className="text-[11px] text-amber-500">{t('keystore.plainNote')}</p>}
    </fieldset>
  );
}
