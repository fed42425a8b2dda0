/** Instead of a conversation: what went wrong, and on phones the way back to the list. */
export function Notice({ text, onBack, alert = false }: { text: string; onBack: () => void; alert?: boolean }) {
  return (
    <div className="m-auto flex max-w-sm flex-col items-center gap-3 px-6 text-center">
      <p role={alert ? 'alert' : undefined} className="text-stone-700">
        {text}
      </p>
      <button
        type="button"
        onClick={onBack}
        className="rounded-full px-3 py-1 text-sm font-semibold text-leather-700 hover:bg-leather-50 md:hidden"
      >
        Back to messages
      </button>
    </div>
  );
}
