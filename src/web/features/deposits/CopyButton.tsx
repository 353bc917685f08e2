import { useState } from 'react';
import { Button } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';

export function CopyButton(props: { text: string; testId?: string }) {
  const t = useT();
  const [done, setDone] = useState(false);
  return (
    <Button
      size="xs"
      variant="ghost"
      data-testid={props.testId}
      onClick={() => {
        void navigator.clipboard?.writeText(props.text).catch(() => {});
        setDone(true);
        setTimeout(() => setDone(false), 1200);
      }}
    >
      <span className="inline-block w-10 text-center">{done ? t('acc.copied') : t('acc.copy')}</span>
    </Button>
  );
}
