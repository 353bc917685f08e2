import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { useT } from '../../lib/i18n.js';
import { KEYMAP } from './keymap.js';

/** Every key of the trading screen ("?"). */
export function HelpOverlay(props: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t('hotkeys.title')}
      testId="hotkeys-help"
      width={480}
      footer={<Button onClick={props.onClose}>{t('common.close')}</Button>}
    >
      <div className="text-[12px]">
        <table className="w-full">
          <tbody>
            {KEYMAP.map((b) => (
              <tr key={b.id} className="border-b border-line/50" data-testid={`hotkey-${b.id}`}>
                <td className="py-1 pr-3">
                  <kbd className="num rounded border border-line bg-panel2 px-1.5 py-0.5 text-[11px]">
                    {b.label}
                  </kbd>
                </td>
                <td className="py-1">{t(`hotkeys.action.${b.id}`)}</td>
              </tr>
            ))}
            <tr>
              <td className="py-1 pr-3">
                <kbd className="num rounded border border-line bg-panel2 px-1.5 py-0.5 text-[11px]">/</kbd>
              </td>
              <td className="py-1">{t('hotkeys.action.symbol')}</td>
            </tr>
          </tbody>
        </table>
        <p className="mt-2 text-[11px] text-dim">{t('hotkeys.note')}</p>
      </div>
    </Dialog>
  );
}
