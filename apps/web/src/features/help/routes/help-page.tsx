import { FEEDBACK_TITLES, FEEDBACK_TOPICS, type FeedbackTopic } from '@corral/contract';
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { HelpForm } from '../components/help-form.tsx';

const INTROS: Record<FeedbackTopic, string> = {
  help: 'Ask us anything about Corral: your account, posts, events or friends. We answer by email.',
  feedback: 'Tell us what works, what does not and what you would like to see next.',
  contact: 'Write to the Corral team. We answer by email.',
};

const topicOf = (value: string | null): FeedbackTopic =>
  FEEDBACK_TOPICS.includes(value as FeedbackTopic) ? (value as FeedbackTopic) : 'help';

/** Help Center, Feedback Submission and Contact us: one form that stores what is sent, titled by its topic. */
export function HelpPage() {
  const [params] = useSearchParams();
  const topic = topicOf(params.get('topic'));
  return <HelpTopic key={topic} topic={topic} />;
}

function HelpTopic({ topic }: { topic: FeedbackTopic }) {
  const [sent, setSent] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Help topics" className="flex flex-wrap gap-2">
        {FEEDBACK_TOPICS.map((item) => (
          <Link
            key={item}
            to={paths.help(item)}
            aria-current={item === topic ? 'page' : undefined}
            className={clsx(
              'rounded-full px-3 py-1.5 text-sm font-semibold',
              item === topic ? 'bg-leather-700 text-white' : 'bg-white text-leather-800 shadow-sm hover:bg-leather-100',
            )}
          >
            {FEEDBACK_TITLES[item]}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="help-title" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <h1 id="help-title" className="font-display text-2xl text-leather-900">
          {FEEDBACK_TITLES[topic]}
        </h1>
        <p className="mt-1 mb-5 text-sm text-stone-600">{INTROS[topic]}</p>
        {sent ? (
          <div ref={confirmation} tabIndex={-1} role="status" className="flex flex-col items-start gap-4 outline-none">
            <p className="rounded-lg border border-sage-500/30 bg-sage-500/10 px-3 py-2 text-sm text-leather-900">
              {sent}
            </p>
            <Button variant="secondary" onClick={() => setSent(null)}>
              Send another message
            </Button>
          </div>
        ) : (
          <HelpForm topic={topic} onSent={setSent} />
        )}
      </section>
    </div>
  );
}
