import { toast } from 'sonner';
import { Button } from '../../../ui/button.tsx';

/**
 * The ten recovery codes, shown this once: to copy or download and keep somewhere safe. Each lets the member in
 * once without the authenticator app.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = `Corral recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy. Select the codes and copy them by hand.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'corral-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">
        Save these recovery codes somewhere safe. If you lose your phone, each code lets you sign in once. They are
        shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-leather-50 p-3 font-mono text-sm text-stone-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
      </div>
    </div>
  );
}
