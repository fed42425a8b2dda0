/** A labelled progress bar (role progressbar, with its value for screen readers). */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm font-medium text-stone-600">
        <span>{label}</span>
        <span aria-hidden="true">{Math.round((value / max) * 100)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-leather-100"
      >
        <div
          className="h-full rounded-full bg-leather-600 transition-[width] duration-300"
          style={{ width: `${(value / max) * 100}%` }}
        />
      </div>
    </div>
  );
}
